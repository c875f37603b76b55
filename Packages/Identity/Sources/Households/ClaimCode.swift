import Foundation

/// A stored claim code: a managed member's way into an account of its own. Only the code's SHA-256 is kept.
public struct ClaimCode: Sendable, Codable, Hashable {
    /// `TokenDigest.hexDigest` of the code as shown (upper case, with its dashes).
    public var codeHash: String
    /// The managed member the code graduates.
    public var memberId: String
    public var householdId: String
    /// The guardian who made it.
    public var createdBy: String
    public var createdAt: Date
    public var expiresAt: Date
    /// When an account claimed it; a used code never works again.
    public var usedAt: Date?

    /// Creates a stored claim code.
    public init(
        codeHash: String, memberId: String, householdId: String, createdBy: String, createdAt: Date, expiresAt: Date,
        usedAt: Date? = nil
    ) {
        self.codeHash = codeHash
        self.memberId = memberId
        self.householdId = householdId
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }

    /// Seven days, after which the code is not valid.
    public static let lifetime: TimeInterval = 7 * 24 * 60 * 60

    /// Unused and not yet expired at `now`.
    public func isUsable(at now: Date) -> Bool { usedAt == nil && now < expiresAt }
}
