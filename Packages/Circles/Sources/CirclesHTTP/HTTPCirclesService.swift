import Accounts
import Circles
import CirclesWire
import Foundation
import IdentityHTTP
import IdentityWire
import Kernel
import Networking

/// `CirclesService` over a `kith-server`, through `CirclesRoute` and the bodies of CirclesWire: contacts, circles,
/// suggestions, the access matrix, viewing, requests and grants, shadows, personas and profiles. The server decides
/// every rule, including the refusals while acting and the hiding of shadows; its refusals come back as
/// `CirclesError` (or `IdentityError`) by their codes.
///
/// Each request carries the principal's bearer token (from `token`) and, while acting, `X-Acting-As-Member`. What
/// the wire leaves out is filled in: owners from the principal, a matrix's columns from `GET /api/circles`.
public struct HTTPCirclesService: CirclesService {
    let requests: PrincipalClient<Principal>

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        requests = PrincipalClient(client: client, token: token, errors: [CirclesError.self])
    }

    // MARK: - Contacts

    public func contacts(_ principal: Principal, matching search: ContactSearch) async throws -> [Contact] {
        let json: [ContactJSON] = try await requests.send(
            CirclesRoute.contacts, as: principal, query: CirclesRoute.searchQuery(search))
        return json.map { $0.contact(owner: principal.accountId) }
    }

    public func addContact(_ principal: Principal, _ draft: ContactDraft) async throws -> Contact {
        let json: ContactJSON = try await requests.send(
            CirclesRoute.addContact, as: principal, body: ContactBody(draft))
        return json.contact(owner: principal.accountId)
    }

    public func editContact(_ principal: Principal, _ contact: String, _ edit: ContactEdit) async throws -> Contact {
        let json: ContactJSON = try await requests.send(
            CirclesRoute.editContact, contact, as: principal, body: ContactEditBody(edit))
        return json.contact(owner: principal.accountId)
    }

    public func removeContact(_ principal: Principal, _ contact: String) async throws -> Contact {
        let json: ContactJSON = try await requests.send(CirclesRoute.removeContact, contact, as: principal)
        return json.contact(owner: principal.accountId)
    }

    // MARK: - Circles and suggestions

    public func circles(_ principal: Principal) async throws -> [Circle] {
        let json: [CircleJSON] = try await requests.send(CirclesRoute.circles, as: principal)
        return json.enumerated().map { $0.element.circle(owner: principal.accountId, position: $0.offset) }
    }

    public func circle(_ principal: Principal, _ circle: String, search: String?) async throws -> CircleDetail {
        let json: CircleDetailJSON = try await requests.send(
            CirclesRoute.circle, circle, as: principal, query: CirclesRoute.searchQuery(ContactSearch(text: search)))
        return json.detail(owner: principal.accountId)
    }

    public func createCircle(_ principal: Principal, name: String, emoji: String?, color: String?) async throws
        -> Circle
    {
        let json: CircleJSON = try await requests.send(
            CirclesRoute.createCircle, as: principal, body: CircleBody(name: name, emoji: emoji, color: color))
        return json.circle(owner: principal.accountId, position: 0)
    }

    public func editCircle(_ principal: Principal, _ circle: String, _ edit: CircleEdit) async throws -> Circle {
        let json: CircleJSON = try await requests.send(
            CirclesRoute.editCircle, circle, as: principal, body: CircleEditBody(edit))
        return json.circle(owner: principal.accountId, position: 0)
    }

    public func deleteCircle(_ principal: Principal, _ circle: String, moveTo: String?) async throws -> Circle {
        let json: CircleJSON = try await requests.send(
            CirclesRoute.deleteCircle, circle, as: principal, query: CirclesRoute.moveToQuery(moveTo))
        return json.circle(owner: principal.accountId, position: 0)
    }

    public func addMembers(_ principal: Principal, circle: String, contacts: [String]) async throws -> CircleDetail {
        let json: CircleDetailJSON = try await requests.send(
            CirclesRoute.addMembers, circle, as: principal, body: ContactsBody(contacts: contacts))
        return json.detail(owner: principal.accountId)
    }

    public func removeMembers(_ principal: Principal, circle: String, contacts: [String]) async throws
        -> CircleDetail
    {
        let json: CircleDetailJSON = try await requests.send(
            CirclesRoute.removeMembers, circle, as: principal, body: ContactsBody(contacts: contacts))
        return json.detail(owner: principal.accountId)
    }

    public func mergeCircles(_ principal: Principal, from: String, into: String) async throws -> Circle {
        let json: CircleJSON = try await requests.send(
            CirclesRoute.mergeCircle, from, as: principal, body: MergeBody(into: into))
        return json.circle(owner: principal.accountId, position: 0)
    }

    public func suggestions(_ principal: Principal) async throws -> [MergeSuggestion] {
        let json: [MergeSuggestionJSON] = try await requests.send(CirclesRoute.suggestions, as: principal)
        return json.map(\.suggestion)
    }

    public func dismissSuggestion(_ principal: Principal, _ suggestionId: String) async throws {
        let _: NoContent = try await requests.send(CirclesRoute.dismissSuggestion, suggestionId, as: principal)
    }

    // MARK: - Profiles, shadows, personas

    public func profile(_ principal: Principal, _ profile: String?) async throws -> Profile {
        let json: CirclesProfileJSON =
            if let profile {
                try await requests.send(CirclesRoute.profile, profile, as: principal)
            } else {
                try await requests.send(CirclesRoute.activeProfile, as: principal)
            }
        return json.profile(owner: principal.accountId)
    }

    public func editProfile(_ principal: Principal, _ profile: String?, _ edit: ProfileEdit) async throws -> Profile {
        let body = ProfileEditBody(edit)
        let json: CirclesProfileJSON =
            if let profile {
                try await requests.send(CirclesRoute.editProfile, profile, as: principal, body: body)
            } else {
                try await requests.send(CirclesRoute.editActiveProfile, as: principal, body: body)
            }
        return json.profile(owner: principal.accountId)
    }

    public func createShadow(
        _ principal: Principal, type: ProfileType, displayName: String, circles: [String]
    ) async throws -> Profile {
        let json: CirclesProfileJSON = try await requests.send(
            CirclesRoute.createShadow, as: principal,
            body: ShadowBody(type: type, displayName: displayName, circles: circles))
        return json.profile(owner: principal.accountId)
    }

    public func setShadowCircles(_ principal: Principal, _ profile: String, circles: [String]) async throws -> Profile {
        let json: CirclesProfileJSON = try await requests.send(
            CirclesRoute.setShadowCircles, profile, as: principal, body: ShadowCirclesBody(circles: circles))
        return json.profile(owner: principal.accountId)
    }

    public func revealShadow(_ principal: Principal, _ profile: String) async throws -> Profile {
        let json: CirclesProfileJSON = try await requests.send(CirclesRoute.revealShadow, profile, as: principal)
        return json.profile(owner: principal.accountId)
    }

    public func deleteShadow(_ principal: Principal, _ profile: String) async throws -> Profile {
        let json: CirclesProfileJSON = try await requests.send(CirclesRoute.deleteShadow, profile, as: principal)
        return json.profile(owner: principal.accountId)
    }

    public func personas(_ principal: Principal) async throws -> [Persona] {
        let json: [PersonaCardJSON] = try await requests.send(CirclesRoute.personas, as: principal)
        return json.map(\.persona)
    }

    /// The server has no route of its own for it: the active card of `GET /api/personas`.
    public func activePersona(_ principal: Principal) async throws -> Persona {
        // As the local service: the account's persona whoever it acts for, so asked without the acting header.
        var account = principal
        account.actingAs = nil
        let personas = try await personas(account)
        guard let active = personas.first(where: \.active) ?? personas.first(where: { $0.type == .primary }) else {
            throw CirclesError.profileNotFound("primary")
        }
        return active
    }

    public func switchPersona(_ principal: Principal, _ profile: String) async throws -> Persona {
        let json: PersonaCardJSON = try await requests.send(
            CirclesRoute.switchPersona, as: principal, body: PersonaSwitchBody(profile: profile))
        return json.persona
    }

    // MARK: - The access matrix (staged edits)

    public func accessMatrix(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        try await matrix(CirclesRoute.access, profile: profile, principal)
    }

    public func setAccess(
        _ principal: Principal, profile: String?, field: Field, circle: String, access: Access
    ) async throws -> AccessMatrix {
        try await matrix(
            CirclesRoute.setAccess, profile: profile, principal,
            body: AccessCellBody(field: field, circle: circle, access: access))
    }

    public func cycleAccess(_ principal: Principal, profile: String?, field: Field, circle: String) async throws
        -> AccessMatrix
    {
        try await matrix(
            CirclesRoute.cycleAccess, profile: profile, principal, body: AccessCycleBody(field: field, circle: circle))
    }

    public func allowAll(_ principal: Principal, profile: String?, circle: String) async throws -> AccessMatrix {
        try await matrix(CirclesRoute.allowAll, profile: profile, principal, body: AccessCircleBody(circle: circle))
    }

    public func resetAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        try await matrix(CirclesRoute.resetAccess, profile: profile, principal)
    }

    public func saveAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        try await matrix(CirclesRoute.saveAccess, profile: profile, principal)
    }

    public func discardAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        try await matrix(CirclesRoute.discardAccess, profile: profile, principal)
    }

    /// The server has no route of its own for it: each persona's matrix, kept when it has staged edits.
    public func profilesWithUnsavedAccess(_ principal: Principal) async throws -> [Profile] {
        var profiles: [Profile] = []
        for persona in try await personas(principal) {
            let json: AccessMatrixJSON = try await requests.send(
                CirclesRoute.access, as: principal, query: CirclesRoute.profileQuery(persona.profileId))
            if json.unsaved { profiles.append(try await profile(principal, persona.profileId)) }
        }
        return profiles
    }

    // MARK: - Viewing

    public func viewAs(_ principal: Principal, contact: String, profile: String?) async throws -> ProfileView {
        let json: ProfileViewJSON = try await requests.send(
            CirclesRoute.viewAs, contact, as: principal, query: CirclesRoute.profileQuery(profile))
        return json.view
    }

    /// `@name` is looked up as `?username=`, anything else as `?email=` (the server refuses what is neither).
    public func look(_ principal: Principal, _ target: String) async throws -> ProfileView {
        let json: ProfileViewJSON = try await requests.send(
            CirclesRoute.look, as: principal, query: CirclesRoute.lookQuery(target))
        return json.view
    }

    // MARK: - Requests and grants

    public func request(_ principal: Principal, _ target: String, field: Field, reason: String?) async throws
        -> RequestReceipt
    {
        let json: RequestReceiptJSON = try await requests.send(
            CirclesRoute.request, as: principal, body: AccessRequestBody(target: target, field: field, reason: reason))
        return json.receipt
    }

    public func requests(_ principal: Principal) async throws -> [AccessRequest] {
        let json: [AccessRequestJSON] = try await requests.send(CirclesRoute.requests, as: principal)
        return json.map(\.request)
    }

    public func allowRequest(_ principal: Principal, _ request: String, allFields: Bool) async throws -> Grant {
        let json: GrantJSON = try await requests.send(
            CirclesRoute.allowRequest, request, as: principal, body: AllowBody(allFields: allFields))
        return json.grant
    }

    public func denyRequest(_ principal: Principal, _ request: String) async throws -> AccessRequest {
        let json: AccessRequestJSON = try await requests.send(CirclesRoute.denyRequest, request, as: principal)
        return json.request
    }

    public func grants(_ principal: Principal) async throws -> [Grant] {
        let json: [GrantJSON] = try await requests.send(CirclesRoute.grants, as: principal)
        return json.map(\.grant)
    }

    public func revokeGrant(_ principal: Principal, _ grant: String) async throws -> Grant {
        let json: GrantJSON = try await requests.send(CirclesRoute.revokeGrant, grant, as: principal)
        return json.grant
    }

    // MARK: - Helpers

    /// `route` on the matrix of `profile` (absent: the active persona), and the matrix it answers with its columns:
    /// the owner's circles, in circle order.
    private func matrix(_ route: WireRoute, profile: String?, _ principal: Principal) async throws -> AccessMatrix {
        let json: AccessMatrixJSON = try await requests.send(
            route, as: principal, query: CirclesRoute.profileQuery(profile))
        return json.matrix(circles: try await circles(principal))
    }

    /// An access edit: as `matrix(_:profile:_:)`, with `body` as JSON.
    private func matrix(
        _ route: WireRoute, profile: String?, _ principal: Principal, body: some Encodable & Sendable
    ) async throws -> AccessMatrix {
        let json: AccessMatrixJSON = try await requests.send(
            HTTPMethod(rawValue: route.method), route.path() + CirclesRoute.profileQuery(profile), principal,
            body: body)
        return json.matrix(circles: try await circles(principal))
    }
}
