import Foundation

/// A family's join code: `FAM-` and six characters of [A-Z0-9], when it was made, and its limits.
public struct FamilyCode: Sendable, Codable, Hashable {
    /// The household the code belongs to: a family is an Identity household.
    public var familyId: String
    /// Normalized: `FAM-XXXXXX`.
    public var code: String
    /// When this code was made (a regeneration changes it).
    public var generatedAt: Date
    /// When the code stops admitting anyone; nil: until it is regenerated.
    public var expiresAt: Date?
    /// How many joins the code admits in all; nil: no limit.
    public var maxUses: Int?
    /// The joins it has admitted so far.
    public var uses: Int

    /// Creates a code value (the service makes codes; this is for stores and tests).
    public init(
        familyId: String, code: String, generatedAt: Date, expiresAt: Date? = nil, maxUses: Int? = nil, uses: Int = 0
    ) {
        self.familyId = familyId
        self.code = code
        self.generatedAt = generatedAt
        self.expiresAt = expiresAt
        self.maxUses = maxUses
        self.uses = uses
    }

    /// The joins it still admits; nil when unlimited.
    public var usesLeft: Int? { maxUses.map { max(0, $0 - uses) } }

    /// Whether the code still admits a join at `now`: not expired and not used up.
    public func admits(at now: Date) -> Bool {
        if let expiresAt, now >= expiresAt { return false }
        if let usesLeft, usesLeft == 0 { return false }
        return true
    }
}
