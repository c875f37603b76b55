import Circles
import CirclesWire
import Foundation
import Identity
import IdentityHTTP
import Networking

/// `CirclesService` over a `kith-server`: contacts, circles, suggestions, the access matrix, viewing, requests and
/// grants, shadows, personas and profiles under `/api` (see Apps/server/openapi.json). The server decides every
/// rule, including the refusals while acting and the hiding of shadows.
///
/// Each request carries the principal's bearer token (from `token`) and, while acting, `X-Acting-As-Member`.
public struct HTTPCirclesService: CirclesService {
    let requests: PrincipalClient<Principal>

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        requests = PrincipalClient(client: client, token: token, errors: [CirclesError.self])
    }

    // MARK: - Contacts

    public func contacts(_ principal: Principal) async throws -> [Contact] {
        let json: [CirclesWire.ContactJSON] = try await requests.send(.get, "/api/contacts", principal)
        return json.map { $0.contact(owner: principal.accountId) }
    }

    public func addContact(_ principal: Principal, _ draft: ContactDraft) async throws -> Contact {
        let body = CirclesWire.ContactBody(
            displayName: draft.displayName, accountEmail: draft.accountEmail, phone: draft.phone, email: draft.email)
        let json: CirclesWire.ContactJSON = try await requests.send(.post, "/api/contacts", principal, body: body)
        return json.contact(owner: principal.accountId)
    }

    public func editContact(_ principal: Principal, _ contact: String, _ edit: ContactEdit) async throws -> Contact {
        let body = CirclesWire.ContactEditBody(
            displayName: edit.displayName, accountEmail: edit.accountEmail, phone: edit.phone, email: edit.email)
        let json: CirclesWire.ContactJSON = try await requests.send(
            .patch, "/api/contacts/\(CirclesWire.segment(contact))", principal, body: body)
        return json.contact(owner: principal.accountId)
    }

    public func removeContact(_ principal: Principal, _ contact: String) async throws -> Contact {
        let json: CirclesWire.ContactJSON = try await requests.send(
            .delete, "/api/contacts/\(CirclesWire.segment(contact))", principal)
        return json.contact(owner: principal.accountId)
    }

    // MARK: - Circles and suggestions

    public func circles(_ principal: Principal) async throws -> [Circle] {
        let json: [CirclesWire.CircleJSON] = try await requests.send(.get, "/api/circles", principal)
        return json.enumerated().map { $0.element.circle(owner: principal.accountId, position: $0.offset) }
    }

    public func circle(_ principal: Principal, _ circle: String) async throws -> CircleDetail {
        let json: CirclesWire.CircleDetailJSON = try await requests.send(
            .get, "/api/circles/\(CirclesWire.segment(circle))", principal)
        return json.detail(owner: principal.accountId)
    }

    public func createCircle(_ principal: Principal, name: String, emoji: String?, color: String?) async throws
        -> Circle
    {
        let json: CirclesWire.CircleJSON = try await requests.send(
            .post, "/api/circles", principal, body: CirclesWire.CircleBody(name: name, emoji: emoji, color: color))
        return json.circle(owner: principal.accountId, position: 0)
    }

    public func editCircle(_ principal: Principal, _ circle: String, _ edit: CircleEdit) async throws -> Circle {
        let json: CirclesWire.CircleJSON = try await requests.send(
            .patch, "/api/circles/\(CirclesWire.segment(circle))", principal,
            body: CirclesWire.CircleEditBody(name: edit.name, emoji: edit.emoji, color: edit.color))
        return json.circle(owner: principal.accountId, position: 0)
    }

    public func deleteCircle(_ principal: Principal, _ circle: String, moveTo: String?) async throws -> Circle {
        var path = "/api/circles/\(CirclesWire.segment(circle))"
        if let moveTo { path += "?moveTo=" + CirclesWire.segment(moveTo) }
        let json: CirclesWire.CircleJSON = try await requests.send(.delete, path, principal)
        return json.circle(owner: principal.accountId, position: 0)
    }

    public func addMembers(_ principal: Principal, circle: String, contacts: [String]) async throws -> CircleDetail {
        let json: CirclesWire.CircleDetailJSON = try await requests.send(
            .post, "/api/circles/\(CirclesWire.segment(circle))/members", principal,
            body: CirclesWire.ContactsBody(contacts: contacts))
        return json.detail(owner: principal.accountId)
    }

    public func removeMembers(_ principal: Principal, circle: String, contacts: [String]) async throws
        -> CircleDetail
    {
        let json: CirclesWire.CircleDetailJSON = try await requests.send(
            .delete, "/api/circles/\(CirclesWire.segment(circle))/members", principal,
            body: CirclesWire.ContactsBody(contacts: contacts))
        return json.detail(owner: principal.accountId)
    }

    public func mergeCircles(_ principal: Principal, from: String, into: String) async throws -> Circle {
        let json: CirclesWire.CircleJSON = try await requests.send(
            .post, "/api/circles/\(CirclesWire.segment(from))/merge", principal, body: CirclesWire.MergeBody(into: into)
        )
        return json.circle(owner: principal.accountId, position: 0)
    }

    public func suggestions(_ principal: Principal) async throws -> [MergeSuggestion] {
        let json: [CirclesWire.SuggestionJSON] = try await requests.send(.get, "/api/suggestions", principal)
        return json.map(\.suggestion)
    }

    public func dismissSuggestion(_ principal: Principal, _ suggestionId: String) async throws {
        let _: NoContent = try await requests.send(
            .post, "/api/suggestions/\(CirclesWire.segment(suggestionId))/dismiss", principal)
    }

    // MARK: - Profiles, shadows, personas

    public func profile(_ principal: Principal, _ profile: String?) async throws -> Profile {
        let path = profile.map { "/api/profiles/\(CirclesWire.segment($0))" } ?? "/api/profile"
        let json: CirclesWire.ProfileJSON = try await requests.send(.get, path, principal)
        return json.profile(owner: principal.accountId)
    }

    public func editProfile(_ principal: Principal, _ profile: String?, _ edit: ProfileEdit) async throws -> Profile {
        let path = profile.map { "/api/profiles/\(CirclesWire.segment($0))" } ?? "/api/profile"
        let body = CirclesWire.ProfileEditBody(
            displayName: edit.displayName, username: edit.username, bio: edit.bio, phone: edit.phone,
            email: edit.email, photo: edit.photo)
        let json: CirclesWire.ProfileJSON = try await requests.send(.patch, path, principal, body: body)
        return json.profile(owner: principal.accountId)
    }

    public func createShadow(
        _ principal: Principal, type: ProfileType, displayName: String, circles: [String]
    ) async throws -> Profile {
        let body = CirclesWire.ShadowBody(type: type.rawValue, displayName: displayName, circles: circles)
        let json: CirclesWire.ProfileJSON = try await requests.send(.post, "/api/shadows", principal, body: body)
        return json.profile(owner: principal.accountId)
    }

    public func setShadowCircles(_ principal: Principal, _ profile: String, circles: [String]) async throws -> Profile {
        let json: CirclesWire.ProfileJSON = try await requests.send(
            .put, "/api/shadows/\(CirclesWire.segment(profile))/circles", principal,
            body: CirclesWire.ShadowCirclesBody(circles: circles))
        return json.profile(owner: principal.accountId)
    }

    public func revealShadow(_ principal: Principal, _ profile: String) async throws -> Profile {
        let json: CirclesWire.ProfileJSON = try await requests.send(
            .post, "/api/shadows/\(CirclesWire.segment(profile))/reveal", principal)
        return json.profile(owner: principal.accountId)
    }

    public func deleteShadow(_ principal: Principal, _ profile: String) async throws -> Profile {
        let json: CirclesWire.ProfileJSON = try await requests.send(
            .delete, "/api/shadows/\(CirclesWire.segment(profile))", principal)
        return json.profile(owner: principal.accountId)
    }

    public func personas(_ principal: Principal) async throws -> [Persona] {
        let json: [CirclesWire.PersonaJSON] = try await requests.send(.get, "/api/personas", principal)
        return json.map(\.persona)
    }

    /// The server has no route of its own for it: the active card of `GET /api/personas`.
    public func activePersona(_ principal: Principal) async throws -> Persona {
        let personas = try await personas(principal)
        guard let active = personas.first(where: \.active) ?? personas.first(where: { $0.type == .primary }) else {
            throw CirclesError.profileNotFound("primary")
        }
        return active
    }

    public func switchPersona(_ principal: Principal, _ profile: String) async throws -> Persona {
        let json: CirclesWire.PersonaJSON = try await requests.send(
            .post, "/api/personas/switch", principal, body: CirclesWire.ProfileRefBody(profile: profile))
        return json.persona
    }

    // MARK: - The access matrix (staged edits)

    public func accessMatrix(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        let json: CirclesWire.MatrixJSON = try await requests.send(
            .get, CirclesWire.path("/api/access", profile: profile), principal)
        return try await columns(json, principal)
    }

    public func setAccess(
        _ principal: Principal, profile: String?, field: Field, circle: String, access: Access
    ) async throws -> AccessMatrix {
        let body = CirclesWire.CellBody(field: field.rawValue, circle: circle, access: access.rawValue)
        let json: CirclesWire.MatrixJSON = try await requests.send(
            .put, CirclesWire.path("/api/access/cells", profile: profile), principal, body: body)
        return try await columns(json, principal)
    }

    public func cycleAccess(_ principal: Principal, profile: String?, field: Field, circle: String) async throws
        -> AccessMatrix
    {
        let json: CirclesWire.MatrixJSON = try await requests.send(
            .post, CirclesWire.path("/api/access/cycle", profile: profile), principal,
            body: CirclesWire.CycleBody(field: field.rawValue, circle: circle))
        return try await columns(json, principal)
    }

    public func allowAll(_ principal: Principal, profile: String?, circle: String) async throws -> AccessMatrix {
        let json: CirclesWire.MatrixJSON = try await requests.send(
            .post, CirclesWire.path("/api/access/allow-all", profile: profile), principal,
            body: CirclesWire.CircleRefBody(circle: circle))
        return try await columns(json, principal)
    }

    public func resetAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        let json: CirclesWire.MatrixJSON = try await requests.send(
            .post, CirclesWire.path("/api/access/reset", profile: profile), principal)
        return try await columns(json, principal)
    }

    public func saveAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        let json: CirclesWire.MatrixJSON = try await requests.send(
            .post, CirclesWire.path("/api/access/save", profile: profile), principal)
        return try await columns(json, principal)
    }

    public func discardAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        let json: CirclesWire.MatrixJSON = try await requests.send(
            .post, CirclesWire.path("/api/access/discard", profile: profile), principal)
        return try await columns(json, principal)
    }

    /// The server has no route of its own for it: each persona's matrix, kept when it has staged edits.
    public func profilesWithUnsavedAccess(_ principal: Principal) async throws -> [Profile] {
        var profiles: [Profile] = []
        for persona in try await personas(principal) {
            let json: CirclesWire.MatrixJSON = try await requests.send(
                .get, CirclesWire.path("/api/access", profile: persona.profileId), principal)
            if json.unsaved { profiles.append(try await profile(principal, persona.profileId)) }
        }
        return profiles
    }

    // MARK: - Viewing

    public func viewAs(_ principal: Principal, contact: String, profile: String?) async throws -> ProfileView {
        let json: CirclesWire.ProfileViewJSON = try await requests.send(
            .get, CirclesWire.path("/api/view-as/\(CirclesWire.segment(contact))", profile: profile), principal)
        return json.view
    }

    /// `@name` is looked up as `?username=`, anything else as `?email=` (the server refuses what is neither).
    public func look(_ principal: Principal, _ target: String) async throws -> ProfileView {
        let trimmed = target.trimmingCharacters(in: .whitespaces)
        let query =
            trimmed.hasPrefix("@")
            ? "username=" + CirclesWire.segment(String(trimmed.dropFirst())) : "email=" + CirclesWire.segment(target)
        let json: CirclesWire.ProfileViewJSON = try await requests.send(.get, "/api/look?" + query, principal)
        return json.view
    }

    // MARK: - Requests and grants

    public func request(_ principal: Principal, _ target: String, field: Field, reason: String?) async throws
        -> RequestReceipt
    {
        try await requests.send(
            .post, "/api/requests", principal,
            body: CirclesWire.RequestBody(target: target, field: field.rawValue, reason: reason))
    }

    public func requests(_ principal: Principal) async throws -> [AccessRequest] {
        let json: [CirclesWire.RequestJSON] = try await requests.send(.get, "/api/requests", principal)
        return json.map { $0.request(owner: principal.accountId) }
    }

    public func allowRequest(_ principal: Principal, _ request: String, allFields: Bool) async throws -> Grant {
        let json: CirclesWire.GrantJSON = try await requests.send(
            .post, "/api/requests/\(CirclesWire.segment(request))/allow", principal,
            body: CirclesWire.AllowBody(allFields: allFields))
        return json.grant(owner: principal.accountId)
    }

    public func denyRequest(_ principal: Principal, _ request: String) async throws -> AccessRequest {
        let json: CirclesWire.RequestJSON = try await requests.send(
            .post, "/api/requests/\(CirclesWire.segment(request))/deny", principal)
        return json.request(owner: principal.accountId)
    }

    public func grants(_ principal: Principal) async throws -> [Grant] {
        let json: [CirclesWire.GrantJSON] = try await requests.send(.get, "/api/grants", principal)
        return json.map { $0.grant(owner: principal.accountId) }
    }

    public func revokeGrant(_ principal: Principal, _ grant: String) async throws -> Grant {
        let json: CirclesWire.GrantJSON = try await requests.send(
            .delete, "/api/grants/\(CirclesWire.segment(grant))", principal)
        return json.grant(owner: principal.accountId)
    }

    // MARK: - Filling in what the wire leaves out

    /// The matrix with its columns: the owner's circles, in circle order.
    private func columns(_ json: CirclesWire.MatrixJSON, _ principal: Principal) async throws -> AccessMatrix {
        json.matrix(circles: try await circles(principal))
    }
}
