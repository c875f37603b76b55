import Accounts
import Foundation
import Households
import Networking

/// The profile reads to give `ProfileSessionManager` with `--remote`: `HTTPIdentityService`'s, except that they
/// (`account`, `activeHousehold`) are remembered in the credentials file and, without a connection, answered from
/// there. So `profiles` and `switch` work offline from the last
/// loaded profiles, while every other command still reports the connection error.
///
/// Only the account and the managed members it guards are remembered (`RemoteState.ProfilesSnapshot`).
public struct OfflineProfileReads: ProfileReads {
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
}
