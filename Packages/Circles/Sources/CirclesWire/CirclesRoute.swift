import Circles
import Foundation
import IdentityWire
import Kernel

/// The Circles routes: contacts, circles and merge suggestions, the access matrix (`?profile=` picks the profile;
/// absent: the active persona), viewing, requests and grants, shadows, personas and profiles. References in paths
/// are what the CLI takes: an id or an exact name; `primary` names the primary profile.
public enum CirclesRoute {
    // MARK: - Contacts

    /// The caller's contacts, by name.
    public static let contacts = WireRoute("GET", "/api/contacts")
    /// Adds a contact (201).
    public static let addContact = WireRoute("POST", "/api/contacts")
    /// Edits a contact.
    public static let editContact = WireRoute("PATCH", "/api/contacts/{contact}")
    /// Removes a contact; the grants given to it end.
    public static let removeContact = WireRoute("DELETE", "/api/contacts/{contact}")

    // MARK: - Circles and suggestions

    /// The caller's circles, in circle order.
    public static let circles = WireRoute("GET", "/api/circles")
    /// Creates a custom circle (201).
    public static let createCircle = WireRoute("POST", "/api/circles")
    /// Circle Detail.
    public static let circle = WireRoute("GET", "/api/circles/{circle}")
    /// Renames or restyles a custom circle.
    public static let editCircle = WireRoute("PATCH", "/api/circles/{circle}")
    /// Deletes a custom circle; `?moveTo=` moves its members to that circle first.
    public static let deleteCircle = WireRoute("DELETE", "/api/circles/{circle}")
    /// Moves the circle's members into `into` and deletes it. Under the circle, not `/api/circles/merge`: a literal
    /// there would hide a circle named "merge" from `/api/circles/{circle}` (the router prefers the literal).
    public static let mergeCircle = WireRoute("POST", "/api/circles/{circle}/merge")
    /// Adds contacts to a circle: all or none.
    public static let addMembers = WireRoute("POST", "/api/circles/{circle}/members")
    /// Removes contacts from a circle: all or none.
    public static let removeMembers = WireRoute("DELETE", "/api/circles/{circle}/members")
    /// Removes one contact from a circle.
    public static let removeMember = WireRoute("DELETE", "/api/circles/{circle}/members/{contact}")
    /// Pairs of circles that look alike.
    public static let suggestions = WireRoute("GET", "/api/suggestions")
    /// Never suggests the pair again (204).
    public static let dismissSuggestion = WireRoute("POST", "/api/suggestions/{id}/dismiss")

    // MARK: - The access matrix (staged edits)

    /// The matrix of `?profile=`, staged edits laid over it.
    public static let access = WireRoute("GET", "/api/access")
    /// Stages one cell.
    public static let setAccess = WireRoute("PUT", "/api/access/cells")
    /// Stages a cell's next value: allow → deny → ask → allow.
    public static let cycleAccess = WireRoute("POST", "/api/access/cycle")
    /// Stages allow for every field of a circle.
    public static let allowAll = WireRoute("POST", "/api/access/allow-all")
    /// Stages every cell's default.
    public static let resetAccess = WireRoute("POST", "/api/access/reset")
    /// Applies every staged edit at once.
    public static let saveAccess = WireRoute("POST", "/api/access/save")
    /// Drops the staged edits.
    public static let discardAccess = WireRoute("POST", "/api/access/discard")

    // MARK: - Viewing, requests and grants

    /// What a contact sees of `?profile=`.
    public static let viewAs = WireRoute("GET", "/api/view-as/{contact}")
    /// A profile as the caller sees it: `?email=` or `?username=`, exactly one.
    public static let look = WireRoute("GET", "/api/look")
    /// The caller's inbox: pending requests to it.
    public static let requests = WireRoute("GET", "/api/requests")
    /// Asks for a field that is ask for the caller (201).
    public static let request = WireRoute("POST", "/api/requests")
    /// Allows a request: a grant of its field, or of every field.
    public static let allowRequest = WireRoute("POST", "/api/requests/{id}/allow")
    /// Denies a request.
    public static let denyRequest = WireRoute("POST", "/api/requests/{id}/deny")
    /// The caller's live grants.
    public static let grants = WireRoute("GET", "/api/grants")
    /// Ends a grant.
    public static let revokeGrant = WireRoute("DELETE", "/api/grants/{id}")

    // MARK: - Shadows, personas, profiles

    /// Creates a shadow and makes it the persona (201).
    public static let createShadow = WireRoute("POST", "/api/shadows")
    /// Replaces a shadow's audience.
    public static let setShadowCircles = WireRoute("PUT", "/api/shadows/{profile}/circles")
    /// Shows a shadow's viewers that it is the caller; cannot be undone.
    public static let revealShadow = WireRoute("POST", "/api/shadows/{profile}/reveal")
    /// Deletes a shadow with its matrix, grants and requests.
    public static let deleteShadow = WireRoute("DELETE", "/api/shadows/{profile}")
    /// The card deck: the primary, then shadows by last use.
    public static let personas = WireRoute("GET", "/api/personas")
    /// Makes a profile the persona.
    public static let switchPersona = WireRoute("POST", "/api/personas/switch")
    /// The active persona's profile.
    public static let activeProfile = WireRoute("GET", "/api/profile")
    /// Edits the active persona's profile.
    public static let editActiveProfile = WireRoute("PATCH", "/api/profile")
    /// One of the caller's profiles by id or name, or `primary`.
    public static let profile = WireRoute("GET", "/api/profiles/{profile}")
    /// Edits one of the caller's profiles.
    public static let editProfile = WireRoute("PATCH", "/api/profiles/{profile}")

    /// Every route of the feature.
    public static let routes = [
        contacts, addContact, editContact, removeContact,
        circles, createCircle, circle, editCircle, deleteCircle, mergeCircle, addMembers, removeMembers, removeMember,
        suggestions, dismissSuggestion,
        access, setAccess, cycleAccess, allowAll, resetAccess, saveAccess, discardAccess,
        viewAs, look, requests, request, allowRequest, denyRequest, grants, revokeGrant,
        createShadow, setShadowCircles, revealShadow, deleteShadow, personas, switchPersona,
        activeProfile, editActiveProfile, profile, editProfile,
    ]

    // MARK: - Queries

    /// `?profile=PROFILE` of the access and view-as routes, or nothing for the active persona.
    public static func profileQuery(_ profile: String?) -> String { WireRoute.query(["profile": profile]) }

    /// `look`'s query for an `EMAIL` or `@USERNAME` target: `?username=` without the `@`, else `?email=`.
    public static func lookQuery(_ target: String) -> String {
        let trimmed = target.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("@") else { return WireRoute.query(["email": target]) }
        return WireRoute.query(["username": String(trimmed.dropFirst())])
    }

    /// `?search=TEXT&circle=CIRCLE` of `contacts` (and `?search=TEXT` of `circle`), each only when given.
    public static func searchQuery(_ search: ContactSearch) -> String {
        WireRoute.query(["search": search.text, "circle": search.circle])
    }

    /// `?moveTo=OTHER` of `deleteCircle`, or nothing.
    public static func moveToQuery(_ moveTo: String?) -> String { WireRoute.query(["moveTo": moveTo]) }
}
