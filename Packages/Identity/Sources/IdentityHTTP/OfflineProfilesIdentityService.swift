import Foundation
import Identity
import Networking

/// The `IdentityService` to give `ProfileSessionManager` with `--remote`: `HTTPIdentityService`, except that
/// the two reads profiles come from (`account`, `activeHousehold`) are remembered in the credentials file
/// and, without a connection, answered from there. So `profiles` and `switch` work offline from the last
/// loaded profiles, while every other command still reports the connection error.
///
/// Only the account and the managed members it guards are remembered (`RemoteState.ProfilesSnapshot`).
public struct OfflineProfilesIdentityService: IdentityService {
    public let base: HTTPIdentityService
    let credentials: RemoteCredentials

    /// Wraps `base`, whose credentials file keeps the snapshot.
    public init(base: HTTPIdentityService) {
        self.base = base
        self.credentials = base.credentials
    }

    // MARK: - The two remembered reads

    public func account(_ principal: Principal) async throws -> Account {
        do {
            let account = try await base.account(principal)
            try remember(principal) { snapshot in
                snapshot = RemoteState.ProfilesSnapshot(account: account, household: snapshot?.household)
            }
            return account
        } catch let error as NetworkingError where error.isConnectionFailure {
            guard let snapshot = try snapshot(of: principal) else { throw error }
            return snapshot.account
        }
    }

    public func activeHousehold(_ principal: Principal) async throws -> Household? {
        do {
            let household = try await base.activeHousehold(principal)
            try remember(principal) { snapshot in
                guard let account = snapshot?.account else { return }
                snapshot = RemoteState.ProfilesSnapshot(account: account, household: household)
            }
            return household
        } catch let error as NetworkingError where error.isConnectionFailure {
            guard let snapshot = try snapshot(of: principal) else { throw error }
            return snapshot.household
        }
    }

    /// The last loaded profiles of the principal's account, if any.
    func snapshot(of principal: Principal) throws -> RemoteState.ProfilesSnapshot? {
        guard let snapshot = try credentials.load().entry(accountId: principal.accountId)?.profiles,
            snapshot.account.id == principal.accountId
        else { return nil }
        return snapshot
    }

    /// Changes the snapshot of the principal's account; the file is written only when it changed.
    func remember(_ principal: Principal, _ change: (inout RemoteState.ProfilesSnapshot?) -> Void) throws {
        try credentials.update { state in
            state.modify(accountId: principal.accountId) { change(&$0.profiles) }
        }
    }

    // MARK: - Everything else: the HTTP service as is

    public func currentPrincipal() async throws -> Principal? { try await base.currentPrincipal() }
    public func runAs(email: String) async throws -> Principal { try await base.runAs(email: email) }
    public func signUp(_ request: SignUp) async throws -> Account { try await base.signUp(request) }
    public func logIn(email: String, password: String) async throws -> Account {
        try await base.logIn(email: email, password: password)
    }
    public func logOut() async throws { try await base.logOut() }
    public func savedAccounts() async throws -> [SavedAccountStatus] { try await base.savedAccounts() }
    public func switchAccount(to email: String, password: String?) async throws -> AccountSwitch {
        try await base.switchAccount(to: email, password: password)
    }
    public func logIn(with signIn: ProviderSignIn) async throws -> ProviderLogIn { try await base.logIn(with: signIn) }
    public func switchAccount(to email: String, with signIn: ProviderSignIn) async throws -> AccountSwitch {
        try await base.switchAccount(to: email, with: signIn)
    }
    public func linkIdentity(_ principal: Principal, _ signIn: ProviderSignIn) async throws -> LinkedIdentity {
        try await base.linkIdentity(principal, signIn)
    }
    public func unlinkIdentity(_ principal: Principal, provider: IdentityProvider) async throws {
        try await base.unlinkIdentity(principal, provider: provider)
    }
    public func signIn(with signIn: ProviderSignIn) async throws -> ProviderSessionGrant {
        try await base.signIn(with: signIn)
    }
    public func removeSavedAccount(_ email: String, by principal: Principal?) async throws {
        try await base.removeSavedAccount(email, by: principal)
    }
    public func changeName(_ principal: Principal, firstName: String, lastName: String) async throws -> Account {
        try await base.changeName(principal, firstName: firstName, lastName: lastName)
    }
    public func changeRole(_ principal: Principal, to role: AccountRole) async throws -> Account {
        try await base.changeRole(principal, to: role)
    }
    public func changeAccountType(_ principal: Principal, to type: AccountType) async throws -> Account {
        try await base.changeAccountType(principal, to: type)
    }
    public func changePassword(_ principal: Principal, current: String?, new: String) async throws {
        try await base.changePassword(principal, current: current, new: new)
    }
    public func signInMethods(_ principal: Principal) async throws -> SignInMethods {
        try await base.signInMethods(principal)
    }
    public func register(_ request: SignUp) async throws -> SessionGrant { try await base.register(request) }
    public func signIn(email: String, password: String) async throws -> SessionGrant {
        try await base.signIn(email: email, password: password)
    }
    public func principal(forToken token: String) async throws -> Principal {
        try await base.principal(forToken: token)
    }
    public func endSession(token: String) async throws { try await base.endSession(token: token) }
    public func households(_ principal: Principal) async throws -> [Household] { try await base.households(principal) }
    public func createHousehold(_ principal: Principal, name: String) async throws -> Household {
        try await base.createHousehold(principal, name: name)
    }
    public func renameHousehold(_ principal: Principal, name: String) async throws -> Household {
        try await base.renameHousehold(principal, name: name)
    }
    public func useHousehold(_ principal: Principal, _ reference: String) async throws -> Household {
        try await base.useHousehold(principal, reference)
    }
    public func leaveHousehold(_ principal: Principal, _ reference: String) async throws {
        try await base.leaveHousehold(principal, reference)
    }
    public func joinHousehold(
        _ principal: Principal, householdId: String, role: HouseholdRole
    ) async throws -> Household {
        try await base.joinHousehold(principal, householdId: householdId, role: role)
    }
    public func addManagedMember(_ principal: Principal, displayName: String, avatarKey: String) async throws -> Member
    {
        try await base.addManagedMember(principal, displayName: displayName, avatarKey: avatarKey)
    }
    public func removeMember(_ principal: Principal, _ reference: String) async throws -> Member {
        try await base.removeMember(principal, reference)
    }
    public func addGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member {
        try await base.addGuardian(principal, member: reference, email: email)
    }
    public func removeGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member {
        try await base.removeGuardian(principal, member: reference, email: email)
    }
    public func graduateMember(_ principal: Principal, _ reference: String) async throws -> ClaimCodeGrant {
        try await base.graduateMember(principal, reference)
    }
    public func recordActing(_ principal: Principal, action: String) async throws -> ActingRecord? {
        try await base.recordActing(principal, action: action)
    }
    public func actingRecords(_ principal: Principal) async throws -> [ActingRecord] {
        try await base.actingRecords(principal)
    }
    public func memberActivity(_ principal: Principal, member: String) async throws -> [ActingRecord] {
        try await base.memberActivity(principal, member: member)
    }
}
