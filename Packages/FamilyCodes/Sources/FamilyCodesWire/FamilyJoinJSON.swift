import FamilyCodes

/// A family joined (`POST /api/family/code/join`, `family join --json`) with the seed's sentence in `message`.
public struct FamilyJoinJSON: Codable, Sendable, Equatable {
    public var message: String
    public var familyId: String
    public var name: String

    public init(_ join: FamilyJoin) {
        message = FamilyJoin.message
        familyId = join.familyId
        name = join.name
    }

    public var join: FamilyJoin { FamilyJoin(familyId: familyId, name: name) }
}

/// The family made active (`POST /api/family/use`, `family use --json`).
public struct FamilyRefJSON: Codable, Sendable, Equatable {
    public var familyId: String
    public var name: String

    public init(familyId: String, name: String) {
        self.familyId = familyId
        self.name = name
    }
}
