import Foundation

/// A session as stores keep it: the SHA-256 of its token, never the token.
public struct Session: Sendable, Hashable, Identifiable {
    /// UUID string.
    public var id: String
    public var accountId: String
    /// Lower-case hex SHA-256 of the raw token.
    public var tokenHash: String
    public var createdAt: Date
    public var expiresAt: Date
    public var ended: Bool

    /// Creates a session value.
    public init(id: String, accountId: String, tokenHash: String, createdAt: Date, expiresAt: Date, ended: Bool = false)
    {
        self.id = id
        self.accountId = accountId
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.ended = ended
    }

    /// How long a session lives: 30 days.
    public static let lifetime: TimeInterval = 30 * 24 * 60 * 60

    /// Not ended and not expired at `now`.
    public func isLive(at now: Date) -> Bool { !ended && now < expiresAt }
}
