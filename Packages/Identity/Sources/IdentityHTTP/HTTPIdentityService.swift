import Foundation
import Identity
import IdentityWire
import Networking

/// `IdentityService` over a `kith-server`: account, household and member calls go to the server's routes;
/// the device-level part (saved accounts, the current account, tokens) lives in the client's
/// `RemoteCredentials` file and follows the same `AccountRules` as `LocalIdentityService`.
///
/// Each request carries `Authorization: Bearer` with the principal's token from the credentials file and,
/// while the principal acts as a managed member, `X-Acting-As-Member`. Like the local service, a running
/// process keeps the account it started with even when another process signs in with the same file.
public actor HTTPIdentityService: IdentityService {
    let client: JSONClient
    let credentials: RemoteCredentials
    let clock: any WallClock
    /// Calls made as a principal: its token from the credentials file and, while acting, the member. Refusals come
    /// back as `IdentityError` by their codes.
    let requests: PrincipalClient<Principal>
    /// This device's exit lock, in the credentials file; the ways out to another account refuse while it holds.
    let exitLocks: any DeviceExitLockStore
    private var currentLoaded = false
    private var currentAccountId: String?

    /// Calls the server through `client`; keeps this device's state for that server in `credentials`.
    public init(client: JSONClient, credentials: RemoteCredentials, clock: any WallClock = SystemClock()) {
        self.client = client
        self.credentials = credentials
        exitLocks = RemoteDeviceExitLockStore(credentials: credentials)
        self.clock = clock
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

    // MARK: - The current account of this process

    func loadCurrent() throws -> String? {
        if currentLoaded { return currentAccountId }
        currentAccountId = try credentials.load().currentAccountId
        currentLoaded = true
        return currentAccountId
    }

    func setCurrent(_ accountId: String?) {
        currentAccountId = accountId
        currentLoaded = true
    }

    /// Works without a connection: the session is checked by the server on the next call.
    public func currentPrincipal() async throws -> Principal? {
        guard let accountId = try loadCurrent(), let entry = try credentials.load().entry(accountId: accountId),
            entry.token != nil
        else { return nil }
        return Principal(accountId: accountId, sessionId: entry.sessionId)
    }

    public func runAs(email: String) async throws -> Principal {
        let entry = try credentials.load().requireEntry(email: email)
        guard try await isLive(entry) else { throw IdentityError.sessionEnded(email: entry.account.email) }
        try await ExitLock.requireUnlocked(exitLocks, staying: entry.account.accountId)
        setCurrent(entry.account.accountId)
        return Principal(accountId: entry.account.accountId, sessionId: entry.sessionId)
    }

    /// Whether `entry`'s session is live, asked with a cheap authenticated call (`GET /api/me`).
    ///
    /// A session of another account is "Could not switch ..."; without a connection a saved token counts as live
    /// (the server checks it on the next call).
    func isLive(_ entry: RemoteState.Entry) async throws -> Bool {
        guard let token = entry.token else { return false }
        do {
            let me: MeJSON = try await send(IdentityRoute.me, token: token)
            guard me.accountId == entry.account.accountId else {
                throw IdentityError.sessionMismatch(email: entry.account.email)
            }
            return true
        } catch IdentityError.notSignedIn {
            return false
        } catch let error as NetworkingError where error.isConnectionFailure {
            return true
        }
    }

    // MARK: - Signing up and in on this device

    public func signUp(_ request: SignUp) async throws -> Account {
        try await ExitLock.requireUnlocked(exitLocks)
        let valid = try AccountRules.validate(request)
        try AccountRules.checkCanSave(email: valid.email, saved: try credentials.load().savedAccounts)
        let body = SignUpBody(
            email: valid.email, firstName: valid.firstName, lastName: valid.lastName, password: request.password,
            role: request.role, accountType: request.accountType, claimCode: request.claimCode)
        let session: SessionJSON = try await send(IdentityRoute.signUp, token: nil, body: body)
        return try await signInOnDevice(session)
    }

    public func logIn(email: String, password: String) async throws -> Account {
        try await ExitLock.requireUnlocked(exitLocks)
        let email = try EmailAddress.validate(email)
        // The cap is checked before the password is sent, so a full device refuses without a request.
        try AccountRules.checkCanSave(email: email, saved: try credentials.load().savedAccounts)
        let session: SessionJSON = try await send(
            IdentityRoute.signIn, token: nil, body: SignInBody(email: email, password: password))
        return try await signInOnDevice(session)
    }

    /// Saves the new session's token and entry, makes the account current, and ends the entry's previous session.
    @discardableResult
    func signInOnDevice(_ session: SessionJSON) async throws -> Account {
        let account = session.account.account
        let now = clock.now()
        let previousToken = try credentials.update { state -> String? in
            try AccountRules.checkCanSave(email: account.email, saved: state.savedAccounts)
            let previous = state.entry(accountId: account.id)
            var saved = AccountRules.savedEntry(for: account, previous: previous?.account, now: now)
            saved.photoURL = session.account.photoURL
            state.upsert(
                RemoteState.Entry(
                    account: saved, token: session.token, sessionId: session.sessionId, profiles: previous?.profiles))
            state.currentAccountId = account.id
            return previous?.token
        }
        setCurrent(account.id)
        if let previousToken, previousToken != session.token { await endQuietly(token: previousToken) }
        return account
    }

    /// Ends a session on the server when it can; the token is already gone from this device either way.
    func endQuietly(token: String) async {
        _ = try? await send(IdentityRoute.signOut, token: token, as: NoContent.self)
    }

    public func logOut() async throws {
        try await ExitLock.requireUnlocked(exitLocks)
        guard let accountId = try loadCurrent() else { throw IdentityError.notSignedIn }
        if let token = try credentials.load().entry(accountId: accountId)?.token {
            do {
                _ = try await send(IdentityRoute.signOut, token: token, as: NoContent.self)
            } catch IdentityError.notSignedIn {
                // Already ended on the server.
            }
        }
        try credentials.update { state in
            state.modify(accountId: accountId) {
                $0.token = nil
                $0.sessionId = nil
            }
            if state.currentAccountId == accountId { state.currentAccountId = nil }
        }
        setCurrent(nil)
    }

    // MARK: - Saved accounts

    public func savedAccounts() async throws -> [SavedAccountStatus] {
        let current = try loadCurrent()
        var statuses: [SavedAccountStatus] = []
        for entry in try credentials.load().accounts {
            let live = (try? await isLive(entry)) ?? false
            statuses.append(
                SavedAccountStatus(
                    account: entry.account, isCurrent: entry.account.accountId == current, sessionLive: live))
        }
        return statuses.sorted { AccountRules.isListedBefore($0.account, $1.account) }
    }

    public func switchAccount(to email: String, password: String?) async throws -> AccountSwitch {
        let current = try loadCurrent()
        let entry = try credentials.load().requireEntry(email: email)
        let accountId = entry.account.accountId
        try await ExitLock.requireUnlocked(exitLocks, staying: accountId)
        let live = try await isLive(entry)
        if live && accountId == current { return .alreadyCurrent(entry.account) }
        if live {
            // A live session switches silently: no password.
            let now = clock.now()
            let saved = try credentials.update { state -> SavedAccount in
                guard var fresh = state.entry(accountId: accountId), fresh.token != nil else {
                    throw IdentityError.sessionEnded(email: entry.account.email)
                }
                fresh.account.lastUsed = now
                state.upsert(fresh)
                state.currentAccountId = accountId
                return fresh.account
            }
            setCurrent(accountId)
            return .switched(saved)
        }
        if let provider = entry.account.authMethod.provider {
            return .providerSignInRequired(entry.account, provider)
        }
        guard let password else { return .passwordRequired(entry.account) }
        // A wrong password throws here, before anything changed: the current account stays as it was.
        let session: SessionJSON = try await send(
            IdentityRoute.signIn, token: nil, body: SignInBody(email: entry.account.email, password: password))
        guard session.accountId == accountId else {
            await endQuietly(token: session.token)
            throw IdentityError.sessionMismatch(email: entry.account.email)
        }
        let account = try await signInOnDevice(session)
        let saved = try credentials.load().entry(accountId: account.id)?.account
        return .switched(saved ?? AccountRules.savedEntry(for: account, previous: nil, now: clock.now()))
    }

    public func removeSavedAccount(_ email: String, by principal: Principal?) async throws {
        try principal?.requireActingAsSelf()
        let current = try loadCurrent()
        let entry = try credentials.load().requireEntry(email: email)
        guard entry.account.accountId != current else { throw IdentityError.cannotRemoveCurrentAccount }
        try credentials.update { state in state.remove(accountId: entry.account.accountId) }
        if let token = entry.token { await endQuietly(token: token) }
    }

    // MARK: - Google and Apple

    public func logIn(with signIn: ProviderSignIn) async throws -> ProviderLogIn {
        try await ExitLock.requireUnlocked(exitLocks)
        // The account is known only from the token, which the server reads: a full device tells the server which
        // accounts may sign in, so an eleventh is refused before anything is created or signed in.
        let checked = signIn.checkingRoom(in: try credentials.load().savedAccounts)
        let session: SessionJSON = try await send(
            IdentityRoute.signIn(signIn.provider), token: nil, body: ProviderSignInBody(checked))
        return ProviderLogIn(
            account: try await signInOnDevice(session, with: signIn.provider), created: session.created)
    }

    public func switchAccount(to email: String, with signIn: ProviderSignIn) async throws -> AccountSwitch {
        let entry = try credentials.load().requireEntry(email: email)
        try await ExitLock.requireUnlocked(exitLocks, staying: entry.account.accountId)
        // The server refuses any other account, and creates none (`ProviderSignIn.expectedAccount`).
        let expecting = signIn.expecting(.init(accountId: entry.account.accountId, email: entry.account.email))
        let session: SessionJSON = try await send(
            IdentityRoute.signIn(signIn.provider), token: nil, body: ProviderSignInBody(expecting))
        guard session.accountId == entry.account.accountId else {
            // A server that ignored the expected account: its session is not kept.
            await endQuietly(token: session.token)
            throw IdentityError.providerAccountMismatch(signIn.provider, email: entry.account.email)
        }
        let account = try await signInOnDevice(session, with: signIn.provider)
        let saved = try credentials.load().entry(accountId: account.id)?.account
        return .switched(saved ?? AccountRules.savedEntry(for: account, previous: nil, now: clock.now()))
    }

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

    /// `signInOnDevice`, the saved entry recording that the account signed in with `provider`.
    func signInOnDevice(_ session: SessionJSON, with provider: IdentityProvider) async throws -> Account {
        var session = session
        session.account.authMethod = provider.authMethod
        return try await signInOnDevice(session)
    }

    // MARK: - The signed-in account

    public func account(_ principal: Principal) async throws -> Account {
        let me: MeJSON = try await requests.send(IdentityRoute.me, as: principal)
        // The saved entry follows the primary profile's photo, as the local one does when it is edited.
        try credentials.update { state in
            state.modify(accountId: me.accountId) { $0.account.photoURL = me.photoURL }
        }
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
        return try refreshSavedEntry(me.account)
    }

    public func changeAccountType(_ principal: Principal, to type: AccountType) async throws -> Account {
        try principal.requireActingAsSelf()
        let me: MeJSON = try await requests.send(
            IdentityRoute.accountType, as: principal, body: AccountTypeBody(accountType: type))
        return try refreshSavedEntry(me.account)
    }

    /// Keeps this device's saved entry in step with the account's name and type.
    private func refreshSavedEntry(_ account: Account) throws -> Account {
        try credentials.update { state in
            state.modify(accountId: account.id) {
                $0.account.displayName = account.displayName
                $0.account.accountType = account.accountType
            }
        }
        return account
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

    public func signInMethods(_ principal: Principal) async throws -> SignInMethods {
        try principal.requireActingAsSelf()
        let methods: SignInMethodsJSON = try await requests.send(IdentityRoute.signInMethods, as: principal)
        return methods.signInMethods(accountId: principal.accountId)
    }

    // MARK: - Bearer sessions (no device state changes)

    public func register(_ request: SignUp) async throws -> SessionGrant {
        let valid = try AccountRules.validate(request)
        let body = SignUpBody(
            email: valid.email, firstName: valid.firstName, lastName: valid.lastName, password: request.password,
            role: request.role, accountType: request.accountType, claimCode: request.claimCode)
        let session: SessionJSON = try await send(IdentityRoute.signUp, token: nil, body: body)
        return session.grant
    }

    public func signIn(email: String, password: String) async throws -> SessionGrant {
        let email = try EmailAddress.validate(email)
        let session: SessionJSON = try await send(
            IdentityRoute.signIn, token: nil, body: SignInBody(email: email, password: password))
        return session.grant
    }

    public func principal(forToken token: String) async throws -> Principal {
        let me: MeJSON = try await send(IdentityRoute.me, token: token)
        return Principal(accountId: me.accountId)
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

    /// The server records every write made while acting itself (with the write, in one transaction): nothing to do.
    public func recordActing(_ principal: Principal, action: String) async throws -> ActingRecord? {
        nil
    }

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
