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
    /// When a request last used it, kept to `SessionActivity.interval` (never written more often).
    public var lastUsedAt: Date
    /// Where it was made: the client's label ("kith on HOST", a browser's User-Agent); nil when unknown.
    public var createdWhere: String?
    /// How it was signed in; nil when it was made before sessions kept it.
    public var signedInWith: SessionSignIn?

    /// Creates a session value; `lastUsedAt` is `createdAt` when not given.
    public init(
        id: String, accountId: String, tokenHash: String, createdAt: Date, expiresAt: Date, ended: Bool = false,
        lastUsedAt: Date? = nil, createdWhere: String? = nil, signedInWith: SessionSignIn? = nil
    ) {
        self.id = id
        self.accountId = accountId
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.ended = ended
        self.lastUsedAt = lastUsedAt ?? createdAt
        self.createdWhere = createdWhere
        self.signedInWith = signedInWith
    }

    /// How long a session lives: 30 days.
    public static let lifetime: TimeInterval = 30 * 24 * 60 * 60

    /// Not ended and not expired at `now`.
    public func isLive(at now: Date) -> Bool { !ended && now < expiresAt }
}
