import FamilyCodes
import Foundation
import IdentityWire
import Kernel

/// One attempt of the usage log (`family log --json`); `familyId` is null when the code matched no family.
public struct FamilyCodeUsageJSON: Codable, Sendable, Equatable {
    public var at: Date
    public var accountId: String
    public var code: String
    @ExplicitNull public var familyId: String?
    public var result: FamilyCodeAttemptResult

    public init(_ usage: FamilyCodeUsage) {
        at = usage.at
        accountId = usage.accountId
        code = usage.code
        familyId = usage.familyId
        result = usage.result
    }

    public var usage: FamilyCodeUsage {
        FamilyCodeUsage(at: at, accountId: accountId, code: code, familyId: familyId, result: result)
    }
}

/// `GET /api/family/log`.
public struct FamilyCodeUsageLogJSON: Codable, Sendable, Equatable {
    public var log: [FamilyCodeUsageJSON]

    public init(_ log: [FamilyCodeUsage]) {
        self.log = log.map(FamilyCodeUsageJSON.init)
    }
}
