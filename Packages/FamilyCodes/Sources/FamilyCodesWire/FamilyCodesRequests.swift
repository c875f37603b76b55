/// `POST /api/family/code/join`: the seed sends `familyCode`; `code` is accepted too.
public struct FamilyJoinBody: Codable, Sendable, Equatable {
    public var familyCode: String?
    public var code: String?

    public init(familyCode: String) {
        self.familyCode = familyCode
    }

    /// The code sent under either name.
    public var anyCode: String? { familyCode ?? code }
}

/// `POST /api/family/leave` and `/api/family/use`: a family by id or exact name.
public struct FamilyBody: Codable, Sendable, Equatable {
    public var familyId: String

    public init(familyId: String) {
        self.familyId = familyId
    }
}
