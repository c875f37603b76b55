import Foundation
import Identity

/// What the client keeps for one server: its saved accounts with their raw tokens, the current account,
/// and, per account, the last loaded switchable profiles (so acting still works without a connection).
///
/// Lives only in the credentials file (mode 0600): the one place a raw token rests.
public struct RemoteState: Codable, Sendable, Equatable {
    /// One saved account on this device for this server.
    public struct Entry: Codable, Sendable, Equatable {
        public var account: SavedAccount
        /// The bearer token of this device's session; nil once it ended (logout) or before sign-in.
        public var token: String?
        public var sessionId: String?
        /// The account and the part of its active household it may act for, as last loaded.
        public var profiles: ProfilesSnapshot?

        /// Creates an entry.
        public init(account: SavedAccount, token: String?, sessionId: String?, profiles: ProfilesSnapshot? = nil) {
            self.account = account
            self.token = token
            self.sessionId = sessionId
            self.profiles = profiles
        }
    }

    /// The account and its active household trimmed to the managed members it guards: enough to list and
    /// switch profiles offline, nothing more.
    public struct ProfilesSnapshot: Codable, Sendable, Equatable {
        public var account: Account
        public var household: Household?

        /// Keeps `account` and, of `household`, only the managed members `account` guards.
        public init(account: Account, household: Household?) {
            self.account = account
            self.household = household.map { household in
                var trimmed = household
                trimmed.members = household.managedMembers(guardedBy: account.id)
                return trimmed
            }
        }
    }

    /// The server this state belongs to.
    public var server: String
    public var currentAccountId: String?
    public var accounts: [Entry]
    /// The member this device is held acting as until its exit PIN is given (absent in files from before it).
    public var exitLock: DeviceExitLock?

    /// An empty state for `server`.
    public init(server: String, currentAccountId: String? = nil, accounts: [Entry] = []) {
        self.server = server
        self.currentAccountId = currentAccountId
        self.accounts = accounts
    }

    // MARK: - Lookups

    /// The saved accounts, in file order.
    public var savedAccounts: [SavedAccount] { accounts.map(\.account) }

    /// The entry of `accountId`, if saved.
    public func entry(accountId: String) -> Entry? { accounts.first { $0.account.accountId == accountId } }

    /// The entry saved under `email`, or "No account named EMAIL" (the domain's lookup rule).
    public func requireEntry(email: String) throws(IdentityError) -> Entry {
        let account = try AccountRules.requireSavedAccount(email: email, in: savedAccounts)
        guard let entry = entry(accountId: account.accountId) else {
            throw IdentityError.notFound(.account, email.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return entry
    }

    /// Replaces the entry of the same account, or adds it.
    public mutating func upsert(_ entry: Entry) {
        if let index = accounts.firstIndex(where: { $0.account.accountId == entry.account.accountId }) {
            accounts[index] = entry
        } else {
            accounts.append(entry)
        }
    }

    /// Changes the entry of `accountId` in place, when saved.
    public mutating func modify(accountId: String, _ change: (inout Entry) -> Void) {
        if let index = accounts.firstIndex(where: { $0.account.accountId == accountId }) { change(&accounts[index]) }
    }

    /// Forgets the entry of `accountId`.
    public mutating func remove(accountId: String) {
        accounts.removeAll { $0.account.accountId == accountId }
        if currentAccountId == accountId { currentAccountId = nil }
    }
}
