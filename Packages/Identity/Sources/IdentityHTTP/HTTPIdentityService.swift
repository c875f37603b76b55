import Accounts
import Device
import Foundation
import Households
import Identity
import IdentityWire
import Kernel
import Networking

/// `IdentityService` over a `kith-server`: account, household and member calls go to the server's routes. This
/// device's saved accounts, tokens and current account are `ThisDevice`'s, kept in the client's `RemoteCredentials`
/// file (`RemoteDeviceStore`), whose tokens this service sends.
///
/// Each request carries `Authorization: Bearer` with the principal's token from the credentials file and,
/// while the principal acts as a managed member, `X-Acting-As-Member`.
public actor HTTPIdentityService: IdentityService {
    let client: JSONClient
    let credentials: RemoteCredentials
    /// This device's saved accounts, in the credentials file; their entries follow the account's name, type and photo.
    let device: RemoteDeviceStore
    /// Calls made as a principal: its token from the credentials file and, while acting, the member. Refusals come
    /// back as `IdentityError` by their codes.
    let requests: PrincipalClient<Principal>

    /// Calls the server through `client`, with the tokens this device keeps for that server in `credentials`.
    public init(client: JSONClient, credentials: RemoteCredentials) {
        self.client = client
        self.credentials = credentials
        device = RemoteDeviceStore(credentials: credentials)
        requests = PrincipalClient(
            client: client, token: { try Self.token(for: $0, in: credentials) }, errors: [])
    }

    // MARK: - Requests

    /// Calls made with a bare token, or none (sign-up, sign-in, the sessions of saved entries): their refusals are
    /// mapped by code too.
    static let errors = WireErrorMapper([])

    /// `route` with `token` as the bearer (none for sign-up and sign-in).
    nonisolated func send<Response: Decodable & Sendable>(
        _ route: WireRoute, token: String?, as type: Response.Type = Response.self
    ) async throws -> Response {
        do {
            return try await client.send(
                HTTPMethod(rawValue: route.method), route.path(), headers: Self.headers(token: token), as: type)
        } catch {
            throw Self.errors.map(error)
        }
    }

    /// `route` with `body` as JSON and `token` as the bearer (none for sign-up and sign-in).
    nonisolated func send<Body: Encodable & Sendable, Response: Decodable & Sendable>(
        _ route: WireRoute, token: String?, body: Body, as type: Response.Type = Response.self
    ) async throws -> Response {
        do {
            return try await client.send(
                HTTPMethod(rawValue: route.method), route.path(), body: body, headers: Self.headers(token: token),
                as: type)
        } catch {
            throw Self.errors.map(error)
        }
    }

    /// `Authorization: Bearer` with `token`, as `PrincipalClient` sends it; nothing without a token.
    static func headers(token: String?) -> HTTPHeaders {
        token.map { PrincipalClient<Principal>.Credentials(token: $0, actingAsMemberId: nil).headers } ?? [:]
    }

    /// The raw token of `principal`'s account on this device, else "Not signed in".
    public func token(for principal: Principal) async throws -> String {
        try Self.token(for: principal, in: credentials)
    }

    static func token(for principal: Principal, in credentials: RemoteCredentials) throws -> String {
        guard let token = try credentials.load().entry(accountId: principal.accountId)?.token else {
            throw IdentityError.notSignedIn
        }
        return token
    }

    // MARK: - Sessions of this device

    public func deviceSignUp(_ request: SignUp) async throws -> DeviceSignIn {
        Self.signedIn(try await send(IdentityRoute.signUp, token: nil, body: try Self.body(request)))
    }

    public func deviceSignIn(email: String, password: String) async throws -> DeviceSignIn {
        let email = try EmailAddress.validate(email)
        return Self.signedIn(
            try await send(IdentityRoute.signIn, token: nil, body: SignInBody(email: email, password: password)))
    }

    public func deviceSignIn(with signIn: ProviderSignIn) async throws -> DeviceSignIn {
        Self.signedIn(
            try await send(IdentityRoute.signIn(signIn.provider), token: nil, body: ProviderSignInBody(signIn)))
    }

    /// The device's sign-in for a session the server answered: the token is what this device keeps.
    static func signedIn(_ session: SessionJSON) -> DeviceSignIn {
        var signIn = DeviceSignIn(
            account: session.account.account, created: session.created, sessionId: session.sessionId,
            credential: session.token, photoURL: session.account.photoURL)
        signIn.verificationSentTo = session.verificationSentTo
        return signIn
    }

    /// Without a request: the server checks the token on the next call, so this works without a connection.
    public func principal(of entry: DeviceState.Entry) async throws -> Principal? {
        Principal(accountId: entry.account.accountId, sessionId: entry.sessionId)
    }

    /// Asked of the server (`POST /api/auth/session-state`); without a connection, `.unanswered`.
    public func sessionState(credential token: String) async throws -> DeviceSessionState {
        do {
            let state: SessionStateJSON = try await send(
                IdentityRoute.sessionState, token: nil, body: SessionStateBody(token: token))
            return state.sessionState
        } catch let error as NetworkingError where error.isConnectionFailure {
            return .unanswered
        }
    }

    public func endSession(credential token: String) async throws {
        let _: NoContent = try await send(IdentityRoute.signOut, token: token)
    }

    // MARK: - Google and Apple

    public func linkIdentity(_ principal: Principal, _ signIn: ProviderSignIn) async throws -> LinkedIdentity {
        try principal.requireActingAsSelf()
        let linked: LinkedIdentityJSON = try await requests.send(
            IdentityRoute.linkIdentity, signIn.provider.rawValue, as: principal, body: ProviderSignInBody(signIn))
        // The server answered for the provider asked; anything else is a server this client cannot trust here.
        guard let identity = linked.identity(accountId: principal.accountId), identity.provider == signIn.provider
        else {
            throw IdentityError.providerSignInFailed(signIn.provider)
        }
        return identity
    }

    public func unlinkIdentity(_ principal: Principal, provider: IdentityProvider) async throws {
        try principal.requireActingAsSelf()
        let _: NoContent = try await requests.send(
            IdentityRoute.unlinkIdentity, provider.rawValue, as: principal)
    }

    public func signIn(with signIn: ProviderSignIn) async throws -> ProviderSessionGrant {
        let session: SessionJSON = try await send(
            IdentityRoute.signIn(signIn.provider), token: nil, body: ProviderSignInBody(signIn))
        return ProviderSessionGrant(grant: session.grant, created: session.created)
    }

    // MARK: - The signed-in account

    public func account(_ principal: Principal) async throws -> Account {
        let me: MeJSON = try await requests.send(IdentityRoute.me, as: principal)
        // The saved entry follows the primary profile's photo, as the local one does when it is edited.
        try await device.follow(photoURL: me.photoURL, of: me.accountId)
        return me.account
    }

    public func changeName(_ principal: Principal, firstName: String, lastName: String) async throws -> Account {
        try principal.requireActingAsSelf()
        let first = try AccountRules.validName(firstName, field: "first name", .personName)
        let last = try AccountRules.validName(lastName, field: "last name", .personName)
        let me: MeJSON
        do {
            me = try await requests.send(
                IdentityRoute.name, as: principal, body: AccountNameBody(firstName: first, lastName: last))
        } catch let error as NetworkingError where error.isConnectionFailure {
            throw ProfileUpdateConnectionError(cause: error)
        }
        try await device.follow(me.account)
        return me.account
    }

    public func changeAccountType(_ principal: Principal, to type: AccountType) async throws -> Account {
        try principal.requireActingAsSelf()
        let me: MeJSON = try await requests.send(
            IdentityRoute.accountType, as: principal, body: AccountTypeBody(accountType: type))
        try await device.follow(me.account)
        return me.account
    }

    public func changeRole(_ principal: Principal, to role: AccountRole) async throws -> Account {
        try principal.requireActingAsSelf()
        let me: MeJSON = try await requests.send(IdentityRoute.role, as: principal, body: RoleBody(role: role))
        return me.account
    }

    public func changePassword(_ principal: Principal, current: String?, new: String) async throws {
        try principal.requireActingAsSelf()
        try AccountRules.checkNewPassword(new)
        let _: NoContent = try await requests.send(
            IdentityRoute.password, as: principal, body: PasswordChangeBody(currentPassword: current, newPassword: new))
    }

    // MARK: - The account's sessions

    public func sessions(_ principal: Principal) async throws -> [SessionActivity] {
        try principal.requireActingAsSelf()
        let sessions: [SessionActivityJSON] = try await requests.send(IdentityRoute.sessions, as: principal)
        return sessions.map(\.session)
    }

    public func endSession(_ principal: Principal, id: String) async throws {
        try principal.requireActingAsSelf()
        let id = id.trimmingWhitespace()
        // The server refuses it too; asked here first, an empty id never becomes another route's path.
        guard id != principal.sessionId else { throw IdentityError.thisSession }
        guard !id.isEmpty else { throw IdentityError.notFound(.session, id) }
        let _: NoContent = try await requests.send(IdentityRoute.endSession, id, as: principal)
    }

    public func endOtherSessions(_ principal: Principal) async throws -> Int {
        try principal.requireActingAsSelf()
        let ended: SessionsEndedJSON = try await requests.send(IdentityRoute.endOtherSessions, as: principal)
        return ended.ended
    }

    public func signInMethods(_ principal: Principal) async throws -> SignInMethods {
        try principal.requireActingAsSelf()
        let methods: SignInMethodsJSON = try await requests.send(IdentityRoute.signInMethods, as: principal)
        return methods.signInMethods(accountId: principal.accountId)
    }

    // MARK: - Leaving, and taking your data

    public func checkAccountDeletion(_ principal: Principal) async throws -> Account {
        try principal.requireActingAsSelf()
        let me: MeJSON = try await requests.send(IdentityRoute.checkAccountDeletion, as: principal)
        return me.account
    }

    public func deleteAccount(_ principal: Principal, password: String?) async throws {
        try principal.requireActingAsSelf()
        let _: NoContent = try await requests.send(
            IdentityRoute.deleteAccount, as: principal, body: DeleteAccountBody(password: password))
        // The server ended every session of it; this device forgets its entry, as `kith` on its own file does.
        try await device.update { $0.remove(accountId: principal.accountId) }
    }

    public func exportAccount(_ principal: Principal) async throws -> ExportDocument {
        try principal.requireActingAsSelf()
        return ExportDocument(json: try await requests.data(IdentityRoute.exportAccount, as: principal))
    }

    public func exportMember(_ principal: Principal, member: String) async throws -> ExportDocument {
        try principal.requireActingAsSelf()
        return ExportDocument(json: try await requests.data(IdentityRoute.exportMember, member, as: principal))
    }

    // MARK: - Verified emails

    public func verifyEmail(_ principal: Principal, code: String) async throws -> Account {
        try principal.requireActingAsSelf()
        let me: MeJSON = try await requests.send(
            IdentityRoute.verifyEmail, as: principal, body: EmailCodeBody(code: code))
        return me.account
    }

    public func resendVerification(_ principal: Principal) async throws -> String {
        try principal.requireActingAsSelf()
        let sent: CodeSentJSON = try await requests.send(IdentityRoute.resendVerification, as: principal)
        return sent.email
    }

    // MARK: - Email change

    public func changeEmail(_ principal: Principal, to newEmail: String, password: String?) async throws -> String {
        try principal.requireActingAsSelf()
        let email = try EmailAddress.validate(newEmail)
        let sent: CodeSentJSON = try await requests.send(
            IdentityRoute.changeEmail, as: principal, body: EmailChangeBody(email: email, password: password))
        return sent.email
    }

    public func confirmEmailChange(_ principal: Principal, code: String) async throws -> Account {
        try principal.requireActingAsSelf()
        let me: MeJSON = try await requests.send(
            IdentityRoute.confirmEmailChange, as: principal, body: EmailCodeBody(code: code))
        try await device.follow(me.account)
        return me.account
    }

    // MARK: - Password recovery

    public func forgotPassword(email: String, clientAddress: String?) async throws {
        let email = try EmailAddress.validate(email)
        let _: CodeSentJSON = try await send(IdentityRoute.forgotPassword, token: nil, body: RecoveryBody(email: email))
    }

    public func resetPassword(
        email: String, code: String, newPassword: String, clientAddress: String?
    ) async throws -> SessionGrant {
        try await reset(email: email, code: code, newPassword: newPassword).grant
    }

    public func deviceResetPassword(email: String, code: String, newPassword: String) async throws -> DeviceSignIn {
        Self.signedIn(try await reset(email: email, code: code, newPassword: newPassword))
    }

    /// The reset's request, its fields checked here first (as the server checks them).
    private func reset(email: String, code: String, newPassword: String) async throws -> SessionJSON {
        let email = try EmailAddress.validate(email)
        try AccountRules.checkNewPassword(newPassword)
        return try await send(
            IdentityRoute.resetPassword, token: nil,
            body: PasswordResetBody(email: email, code: code, password: newPassword))
    }

    // MARK: - Bearer sessions (no device state changes)

    public func register(_ request: SignUp) async throws -> SessionGrant {
        let session: SessionJSON = try await send(IdentityRoute.signUp, token: nil, body: try Self.body(request))
        return session.grant
    }

    /// The sign-up's body, its fields checked here first (as the server checks them).
    static func body(_ request: SignUp) throws(IdentityError) -> SignUpBody {
        let valid = try AccountRules.validate(request)
        return SignUpBody(
            email: valid.email, firstName: valid.firstName, lastName: valid.lastName, password: request.password,
            role: request.role, accountType: request.accountType, claimCode: request.claimCode)
    }

    /// The server counts the attempt against the address it sees; `clientAddress` is not sent.
    public func signIn(email: String, password: String, clientAddress: String?) async throws -> SessionGrant {
        let email = try EmailAddress.validate(email)
        let session: SessionJSON = try await send(
            IdentityRoute.signIn, token: nil, body: SignInBody(email: email, password: password))
        return session.grant
    }

    public func principal(forToken token: String) async throws -> Principal {
        let me: MeJSON = try await send(IdentityRoute.me, token: token)
        return Principal(accountId: me.accountId)
    }

    public func sessionState(token: String) async throws -> DeviceSessionState {
        try await sessionState(credential: token)
    }

    public func endSession(token: String) async throws {
        do {
            _ = try await send(IdentityRoute.signOut, token: token, as: NoContent.self)
        } catch IdentityError.notSignedIn {
            // Unknown or ended already: nothing happens, as locally.
        }
    }

    // MARK: - Households and managed members

    public func activeHousehold(_ principal: Principal) async throws -> Household? {
        do {
            let household: HouseholdJSON = try await requests.send(IdentityRoute.household, as: principal)
            return household.household
        } catch IdentityError.noActiveHousehold {
            return nil
        }
    }

    public func households(_ principal: Principal) async throws -> [Household] {
        let households: [HouseholdJSON] = try await requests.send(IdentityRoute.households, as: principal)
        return households.map(\.household)
    }

    public func createHousehold(_ principal: Principal, name: String) async throws -> Household {
        try principal.requireActingAsSelf()
        let household: HouseholdJSON = try await requests.send(
            IdentityRoute.createHousehold, as: principal, body: HouseholdNameBody(name: name))
        return household.household
    }

    public func renameHousehold(_ principal: Principal, name: String) async throws -> Household {
        try principal.requireActingAsSelf()
        let household: HouseholdJSON = try await requests.send(
            IdentityRoute.renameHousehold, as: principal, body: HouseholdNameBody(name: name))
        return household.household
    }

    public func useHousehold(_ principal: Principal, _ reference: String) async throws -> Household {
        try principal.requireActingAsSelf()
        let household: HouseholdJSON = try await requests.send(IdentityRoute.useHousehold, reference, as: principal)
        return household.household
    }

    public func leaveHousehold(_ principal: Principal, _ reference: String) async throws {
        try principal.requireActingAsSelf()
        let _: NoContent = try await requests.send(IdentityRoute.leaveHousehold, reference, as: principal)
    }

    /// Not served: a join by family code goes through `FamilyCodeService.join`, which the server decides whole.
    public func joinHousehold(
        _ principal: Principal, householdId: String, role: HouseholdRole
    ) async throws -> Household {
        throw NetworkingError(
            .invalidRequest, message: "Joining a household goes through a family code with --remote",
            detail: "joinHousehold has no route")
    }

    public func addManagedMember(_ principal: Principal, displayName: String, avatarKey: String) async throws -> Member
    {
        try principal.requireActingAsSelf()
        let member: MemberJSON = try await requests.send(
            IdentityRoute.addMember, as: principal,
            body: ManagedMemberBody(displayName: displayName, avatarKey: avatarKey))
        return member.member
    }

    public func removeMember(_ principal: Principal, _ reference: String) async throws -> Member {
        try principal.requireActingAsSelf()
        let member: MemberJSON = try await requests.send(IdentityRoute.removeMember, reference, as: principal)
        return member.member
    }

    public func addGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member {
        try principal.requireActingAsSelf()
        let member: MemberJSON = try await requests.send(
            IdentityRoute.addGuardian, reference, as: principal, body: GuardianBody(email: email))
        return member.member
    }

    public func removeGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member {
        try principal.requireActingAsSelf()
        let member: MemberJSON = try await requests.send(
            IdentityRoute.removeGuardian, reference, email, as: principal)
        return member.member
    }

    public func graduateMember(_ principal: Principal, _ reference: String) async throws -> ClaimCodeGrant {
        try principal.requireActingAsSelf()
        let code: ClaimCodeJSON = try await requests.send(IdentityRoute.graduateMember, reference, as: principal)
        return code.grant
    }

    // MARK: - Acting records

    public func actingRecords(_ principal: Principal) async throws -> [ActingRecord] {
        let records: [ActingRecordJSON] = try await requests.send(IdentityRoute.activity, as: principal)
        return records.map(\.record)
    }

    public func memberActivity(_ principal: Principal, member: String) async throws -> [ActingRecord] {
        let records: [ActingRecordJSON] = try await requests.send(
            IdentityRoute.activity, as: principal, query: IdentityRoute.activityQuery(member: member))
        return records.map(\.record)
    }
}
