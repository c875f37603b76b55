import FamilyCodes
import Foundation
import IdentityWire
import Kernel

/// A family code: `GET /api/family/code`, regenerate, and `family code --json`. `familyCode` is the seed's name
/// for `code`; both are sent. `expiresAt` and `usesLeft` are null for a code without limits.
public struct FamilyCodeJSON: Codable, Sendable, Equatable {
    public var familyId: String
    public var code: String
    public var familyCode: String
    public var generatedAt: Date
    @ExplicitNull public var expiresAt: Date?
    @ExplicitNull public var usesLeft: Int?

    public init(_ code: FamilyCode) {
        familyId = code.familyId
        self.code = code.code
        familyCode = code.code
        generatedAt = code.generatedAt
        expiresAt = code.expiresAt
        usesLeft = code.usesLeft
    }

    /// The code as a client sees it: the uses left stand for the limit (the uses made are not sent).
    public var familyCodeValue: FamilyCode {
        FamilyCode(
            familyId: familyId, code: code, generatedAt: generatedAt, expiresAt: expiresAt, maxUses: usesLeft, uses: 0)
    }
}

/// `POST /api/family/create`, as the seed gives it, plus when the code was made.
public struct FamilyCreatedJSON: Codable, Sendable, Equatable {
    public var success: Bool
    public var familyId: String
    public var familyName: String
    public var familyCode: String
    public var generatedAt: Date

    public init(_ card: FamilyCard) {
        success = true
        familyId = card.familyId
        familyName = card.name
        familyCode = card.code.code
        generatedAt = card.code.generatedAt
    }
}
