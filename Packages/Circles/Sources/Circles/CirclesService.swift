import Accounts

/// What commands and HTTP routes call: contacts, circles, suggestions, profiles and shadows, personas, the access
/// matrix, viewing, requests and grants.
///
/// Every rule of DOMAIN.md's Circles and Profiles sections is decided behind this protocol, from the `Principal`
/// passed in. Owner calls act on the principal's account; viewer calls (`look`, `request`) take the viewer's
/// principal. Every call is refused while acting as a managed member. Errors are `CirclesError`, `IdentityError`
/// (not signed in, acting, ambiguous or unknown references) or infrastructure errors from the store.
/// `PROFILE` references are an id, an exact display name, or `primary`; nil means the active persona.
public protocol CirclesService: Sendable {
    // MARK: - Contacts

    /// The owner's contacts that `search` keeps, by name, each with the circles holding it.
    func contacts(_ principal: Principal, matching search: ContactSearch) async throws -> [Contact]
    /// `contact add`: a new contact, optionally linked to the account with `accountEmail`.
    func addContact(_ principal: Principal, _ draft: ContactDraft) async throws -> Contact
    /// `contact edit`: changes name, link, phone or email.
    func editContact(_ principal: Principal, _ contact: String, _ edit: ContactEdit) async throws -> Contact
    /// `contact remove`: removes the contact (from every circle) and ends the grants given to its account.
    func removeContact(_ principal: Principal, _ contact: String) async throws -> Contact

    // MARK: - Circles

    /// The owner's circles: mandatory, prepopulated, then custom (creation order), with member counts.
    func circles(_ principal: Principal) async throws -> [Circle]
    /// `circle show [--search TEXT]`: Circle Detail (the members `search` finds, as `ContactSearch` does, the
    /// active persona's access column, pending requests).
    func circle(_ principal: Principal, _ circle: String, search: String?) async throws -> CircleDetail
    /// `circle create`: a custom circle (emoji and colour default to ⭕ and blue).
    func createCircle(_ principal: Principal, name: String, emoji: String?, color: String?) async throws -> Circle
    /// `circle edit`: renames or restyles a custom circle.
    func editCircle(_ principal: Principal, _ circle: String, _ edit: CircleEdit) async throws -> Circle
    /// `circle delete [--move-to OTHER]`: deletes a custom circle (contacts stay), first moving members to OTHER.
    func deleteCircle(_ principal: Principal, _ circle: String, moveTo: String?) async throws -> Circle
    /// `circle add`: adds contacts to a circle (all or none; members already in it are fine).
    func addMembers(_ principal: Principal, circle: String, contacts: [String]) async throws -> CircleDetail
    /// `circle remove`: removes contacts from a circle (all or none).
    func removeMembers(_ principal: Principal, circle: String, contacts: [String]) async throws -> CircleDetail
    /// `circle merge FROM INTO`: moves FROM's members into INTO and deletes FROM (a custom circle). Returns INTO.
    func mergeCircles(_ principal: Principal, from: String, into: String) async throws -> Circle
    /// `suggestions`: the merge suggestions not dismissed.
    func suggestions(_ principal: Principal) async throws -> [MergeSuggestion]
    /// `suggestions dismiss ID`: the pair is never suggested again.
    func dismissSuggestion(_ principal: Principal, _ suggestionId: String) async throws

    // MARK: - Profiles, shadows, personas

    /// `profile show`: a profile of the principal (the active persona when nil).
    func profile(_ principal: Principal, _ profile: String?) async throws -> Profile
    /// `profile edit`: changes fields of a profile of the principal.
    func editProfile(_ principal: Principal, _ profile: String?, _ edit: ProfileEdit) async throws -> Profile
    /// `shadow create`: a new shadow shown to `circles`; it becomes the active persona.
    func createShadow(
        _ principal: Principal, type: ProfileType, displayName: String, circles: [String]
    ) async throws -> Profile
    /// `shadow circles`: replaces the circles a shadow is shown to.
    func setShadowCircles(_ principal: Principal, _ profile: String, circles: [String]) async throws -> Profile
    /// `shadow reveal`: irreversibly links the shadow to the primary for its viewers (recorded in `revealedAt`).
    func revealShadow(_ principal: Principal, _ profile: String) async throws -> Profile
    /// `shadow delete`: deletes a shadow with its matrix, staged edits, grants and requests.
    func deleteShadow(_ principal: Principal, _ profile: String) async throws -> Profile
    /// `personas`: the primary first, then shadows most recently used first.
    func personas(_ principal: Principal) async throws -> [Persona]
    /// The account's active persona, also while it acts for a member: what `whoami` and `/api/me` show.
    func activePersona(_ principal: Principal) async throws -> Persona
    /// `persona switch`: makes a profile the active persona (persisted per account).
    func switchPersona(_ principal: Principal, _ profile: String) async throws -> Persona

    // MARK: - The access matrix (staged edits)

    /// `access [PROFILE]`: the matrix with staged edits laid over it.
    func accessMatrix(_ principal: Principal, profile: String?) async throws -> AccessMatrix
    /// `access set FIELD CIRCLE VALUE`: stages one cell.
    func setAccess(
        _ principal: Principal, profile: String?, field: Field, circle: String, access: Access
    ) async throws -> AccessMatrix
    /// `access cycle FIELD CIRCLE`: stages the next value (allow → deny → ask → allow) of the shown cell.
    func cycleAccess(_ principal: Principal, profile: String?, field: Field, circle: String) async throws
        -> AccessMatrix
    /// `access allow-all CIRCLE`: stages allow for every field of a circle.
    func allowAll(_ principal: Principal, profile: String?, circle: String) async throws -> AccessMatrix
    /// `access reset`: stages the defaults for every cell.
    func resetAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix
    /// `access save`: applies every staged edit in one transaction (all or nothing).
    func saveAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix
    /// `access discard`: drops the staged edits.
    func discardAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix
    /// The principal's profiles with staged edits (for the warning when leaving the REPL).
    func profilesWithUnsavedAccess(_ principal: Principal) async throws -> [Profile]

    // MARK: - Viewing

    /// `view-as CONTACT`: what that contact gets of a profile (the active persona when nil), from the matrix.
    func viewAs(_ principal: Principal, contact: String, profile: String?) async throws -> ProfileView
    /// `look EMAIL` / `look @USERNAME`: a profile as the principal (the viewer) gets it.
    func look(_ principal: Principal, _ target: String) async throws -> ProfileView

    // MARK: - Requests and grants

    /// `request`: the viewer asks for a field that is ask for it (a pending duplicate is returned as is).
    func request(_ principal: Principal, _ target: String, field: Field, reason: String?) async throws
        -> RequestReceipt
    /// `requests`: the owner's pending requests, oldest first.
    func requests(_ principal: Principal) async throws -> [AccessRequest]
    /// `requests allow ID [--all-fields]`: grants the field (or every field) to the requester.
    func allowRequest(_ principal: Principal, _ request: String, allFields: Bool) async throws -> Grant
    /// `requests deny ID`.
    func denyRequest(_ principal: Principal, _ request: String) async throws -> AccessRequest
    /// `grants`: the owner's live grants.
    func grants(_ principal: Principal) async throws -> [Grant]
    /// `grants revoke ID`.
    func revokeGrant(_ principal: Principal, _ grant: String) async throws -> Grant
}

extension CirclesService {
    /// Every contact of the owner, by name.
    public func contacts(_ principal: Principal) async throws -> [Contact] {
        try await contacts(principal, matching: .everyone)
    }

    /// Circle Detail with every member.
    public func circle(_ principal: Principal, _ circle: String) async throws -> CircleDetail {
        try await self.circle(principal, circle, search: nil)
    }
}
