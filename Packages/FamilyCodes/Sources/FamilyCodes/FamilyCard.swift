/// The player's view: the family, its code and its members.
public struct FamilyCard: Sendable, Hashable {
    public var familyId: String
    public var name: String
    public var code: FamilyCode
    /// Everyone but the player, in the order they were added.
    public var members: [FamilyMember]

    /// Creates a value.
    public init(familyId: String, name: String, code: FamilyCode, members: [FamilyMember]) {
        self.familyId = familyId
        self.name = name
        self.code = code
        self.members = members
    }
}
