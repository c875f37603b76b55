/// What a store keeps per saved account: the entry and the session this device uses for it.
public struct SavedAccountRecord: Sendable, Hashable {
    public var account: SavedAccount
    /// The device's session for the account, live or not; nil before the first sign-in completes.
    public var sessionId: String?

    /// Creates a record.
    public init(account: SavedAccount, sessionId: String?) {
        self.account = account
        self.sessionId = sessionId
    }
}
