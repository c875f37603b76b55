import FamilyCodes
import Foundation

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

/// `POST /api/family/code/regenerate`: optional limits of the new code (no body: none, as the seed).
public struct FamilyRegenerateBody: Codable, Sendable, Equatable {
    /// How long the new code lasts, in seconds (at most 30 days).
    public var expiresInSeconds: Int?
    /// How many joins it admits (1-100).
    public var maxUses: Int?

    public init(_ limits: FamilyCodeLimits) {
        expiresInSeconds = limits.lifetime.map { Int($0.rounded()) }
        maxUses = limits.maxUses
    }

    public var limits: FamilyCodeLimits {
        FamilyCodeLimits(lifetime: expiresInSeconds.map(TimeInterval.init), maxUses: maxUses)
    }
}
