import Accounts

/// What one device keeps about its own accounts: the saved accounts with the credential of each one's session here,
/// the current account, and the exit lock. No rules here; `ThisDevice` and `ExitLock` decide.
public struct DeviceState: Sendable, Equatable {
    /// One saved account and this device's session for it.
    public struct Entry: Sendable, Equatable {
        public var account: SavedAccount
        /// What proves this device's session to the accounts service (`DeviceSessions`): locally the session's id, with
        /// `--remote` its raw bearer token. Nil once signed out.
        public var credential: String?
        public var sessionId: String?

        /// Creates an entry.
        public init(account: SavedAccount, credential: String?, sessionId: String?) {
            self.account = account
            self.credential = credential
            self.sessionId = sessionId
        }
    }

    /// The saved accounts, in no particular order.
    public var entries: [Entry]
    /// The account the device last signed in or switched to, persisted across runs.
    public var currentAccountId: String?
    /// The member this device is held acting as until its exit PIN is given.
    public var exitLock: DeviceExitLock?

    /// A state; empty by default.
    public init(entries: [Entry] = [], currentAccountId: String? = nil, exitLock: DeviceExitLock? = nil) {
        self.entries = entries
        self.currentAccountId = currentAccountId
        self.exitLock = exitLock
    }

    /// The saved accounts.
    public var savedAccounts: [SavedAccount] { entries.map(\.account) }

    /// The entry of `accountId`, if saved.
    public func entry(accountId: String) -> Entry? { entries.first { $0.account.accountId == accountId } }

    /// The entry saved under `email`, or "No account named EMAIL".
    public func requireEntry(email: String) throws(IdentityError) -> Entry {
        let account = try AccountRules.requireSavedAccount(email: email, in: savedAccounts)
        guard let entry = entry(accountId: account.accountId) else {
            throw IdentityError.notFound(.account, email.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return entry
    }

    /// Replaces the entry of the same account, or adds it.
    public mutating func upsert(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.account.accountId == entry.account.accountId }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    /// Changes the entry of `accountId` in place, when saved.
    public mutating func modify(accountId: String, _ change: (inout Entry) -> Void) {
        if let index = entries.firstIndex(where: { $0.account.accountId == accountId }) { change(&entries[index]) }
    }

    /// Forgets the entry of `accountId`, and the current account when it was that one.
    public mutating func remove(accountId: String) {
        entries.removeAll { $0.account.accountId == accountId }
        if currentAccountId == accountId { currentAccountId = nil }
    }
}
