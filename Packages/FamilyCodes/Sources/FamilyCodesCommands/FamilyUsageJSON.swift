import FamilyCodes
import Foundation

/// One element of `family log --json`; `familyId` is null when the code matched no family.
struct FamilyUsageJSON: Encodable, Sendable {
    let at: Date
    let accountId: String
    let code: String
    let familyId: String?
    let result: String

    init(_ usage: FamilyCodeUsage) {
        at = usage.at
        accountId = usage.accountId
        code = usage.code
        familyId = usage.familyId
        result = usage.result.rawValue
    }

    private enum CodingKeys: String, CodingKey {
        case at, accountId, code, familyId, result
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        try container.encode(accountId, forKey: .accountId)
        try container.encode(code, forKey: .code)
        try container.encode(familyId, forKey: .familyId)
        try container.encode(result, forKey: .result)
    }
}
