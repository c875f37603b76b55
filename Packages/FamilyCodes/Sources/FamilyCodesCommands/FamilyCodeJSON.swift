import FamilyCodes
import Foundation

/// `family code --json` and `family regenerate --json`.
struct FamilyCodeJSON: Encodable, Sendable {
    let familyId: String
    let code: String
    let generatedAt: Date

    init(_ code: FamilyCode) {
        familyId = code.familyId
        self.code = code.code
        generatedAt = code.generatedAt
    }
}
