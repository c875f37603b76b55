import Accounts
import Device
import Foundation
import Households

/// What the client keeps for one server, as its credentials file holds it: `RemoteDeviceStore`'s device state (the
/// saved accounts with their raw tokens, the current account, the exit lock) and, per account, the last loaded
/// switchable profiles (so acting still works without a connection).
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

    /// The entry of `accountId`, if saved.
    public func entry(accountId: String) -> Entry? { accounts.first { $0.account.accountId == accountId } }

    /// Changes the entry of `accountId` in place, when saved.
    public mutating func modify(accountId: String, _ change: (inout Entry) -> Void) {
        if let index = accounts.firstIndex(where: { $0.account.accountId == accountId }) { change(&accounts[index]) }
    }
}
