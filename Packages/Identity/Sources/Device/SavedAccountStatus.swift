/// A saved account as the switcher lists it: whether it is this process's account and can switch silently.
public struct SavedAccountStatus: Sendable, Codable, Hashable {
    public var account: SavedAccount
    /// The account this process runs as.
    public var isCurrent: Bool
    /// Its session on this device is live, so switching to it needs no password.
    public var sessionLive: Bool
}
