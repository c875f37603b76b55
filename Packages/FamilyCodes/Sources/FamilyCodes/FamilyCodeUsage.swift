import Foundation

/// One row of the usage log: a join attempt by an account with a (normalized) code.
public struct FamilyCodeUsage: Sendable, Codable, Hashable {
    public var at: Date
    public var accountId: String
    /// The normalized code tried.
    public var code: String
    /// The family the code matched; nil when it matched none or was not looked up (rate limited).
    public var familyId: String?
    public var result: FamilyCodeAttemptResult

    /// Creates a log row.
    public init(at: Date, accountId: String, code: String, familyId: String?, result: FamilyCodeAttemptResult) {
        self.at = at
        self.accountId = accountId
        self.code = code
        self.familyId = familyId
        self.result = result
    }
}
