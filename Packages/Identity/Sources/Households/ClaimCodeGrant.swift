import Foundation

/// What `member graduate` gives the guardian: the raw code, shown once and never stored.
public struct ClaimCodeGrant: Sendable, Hashable {
    public var memberId: String
    public var displayName: String
    public var code: String
    public var expiresAt: Date

    /// Creates a grant.
    public init(memberId: String, displayName: String, code: String, expiresAt: Date) {
        self.memberId = memberId
        self.displayName = displayName
        self.code = code
        self.expiresAt = expiresAt
    }
}
