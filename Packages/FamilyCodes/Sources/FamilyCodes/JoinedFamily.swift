import Foundation

/// A family a parent belongs to, with its code (parents see the codes of their families).
public struct JoinedFamily: Sendable, Codable, Hashable {
    public var familyId: String
    public var name: String
    /// The live code; nil when the family has none (its player has not made one).
    public var code: String?
    public var codeGeneratedAt: Date?
    public var joinedAt: Date
    /// Whether it is the parent's active household.
    public var isActive: Bool

    /// Creates a value.
    public init(
        familyId: String, name: String, code: String?, codeGeneratedAt: Date?, joinedAt: Date, isActive: Bool
    ) {
        self.familyId = familyId
        self.name = name
        self.code = code
        self.codeGeneratedAt = codeGeneratedAt
        self.joinedAt = joinedAt
        self.isActive = isActive
    }
}
