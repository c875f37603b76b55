import Foundation

/// A family's join code: `FAM-` and six characters of [A-Z0-9], and when it was made.
public struct FamilyCode: Sendable, Codable, Hashable {
    /// The household the code belongs to: a family is an Identity household.
    public var familyId: String
    /// Normalized: `FAM-XXXXXX`.
    public var code: String
    /// When this code was made (a regeneration changes it).
    public var generatedAt: Date

    /// Creates a code value (the service makes codes; this is for stores and tests).
    public init(familyId: String, code: String, generatedAt: Date) {
        self.familyId = familyId
        self.code = code
        self.generatedAt = generatedAt
    }
}
