/// A successful join: the family the parent now belongs to (and now uses as its active household).
public struct FamilyJoin: Sendable, Codable, Hashable {
    public var familyId: String
    public var name: String

    /// Creates a value.
    public init(familyId: String, name: String) {
        self.familyId = familyId
        self.name = name
    }

    /// What a successful join says.
    public static let message = "Successfully joined family"
}
