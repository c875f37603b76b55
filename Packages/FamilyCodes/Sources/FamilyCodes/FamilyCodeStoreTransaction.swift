import Foundation
import Kernel

/// The family-code reads and writes available inside one store transaction. Plain data, no rules.
public protocol FamilyCodeStoreTransaction {
    // MARK: - Codes

    /// The family's live code.
    func liveCode(familyId: String) throws -> FamilyCode?
    /// The live code equal to `code`: the lookup a join makes.
    func liveCode(code: String) throws -> FamilyCode?
    /// Every code the family has had, live or retired, oldest first.
    func codeHistory(familyId: String) throws -> [FamilyCode]
    /// Makes `code` its family's live code (with its limits and uses); the previous live code (if any) is retired
    /// and never matches again.
    func replaceLiveCode(_ code: FamilyCode) throws
    /// Adds one to the uses of the live code `code`.
    func countUse(ofLiveCode code: String) throws

    // MARK: - Rate limits

    /// The remembered rate-limit state of `key` (`.fresh` when none).
    /// When the key's current lock ends, if it has one: all a join needs to know before it looks anything up.
    func rateLimitLock(key: String) throws -> Date?
    func rateLimitState(key: String) throws -> RateLimitState
    /// Replaces the rate-limit state of `key`.
    func setRateLimitState(_ state: RateLimitState, key: String) throws

    // MARK: - Usage log

    /// Appends a row to the usage log.
    func insertUsage(_ usage: FamilyCodeUsage) throws
    /// Rows with a code in `codes` whose family is in `familyIds` or unknown (refused before the lookup, or
    /// not found), newest first. A code used by another family after these ones is not theirs to see.
    func usage(familyIds: Set<String>, codes: Set<String>) throws -> [FamilyCodeUsage]
    /// Rows of one account's attempts, newest first.
    func usage(accountId: String) throws -> [FamilyCodeUsage]

    // MARK: - Leaving

    /// Retires the family's live code (if any) at `date`: it never matches again.
    func retireLiveCode(familyId: String, at date: Date) throws
    /// Removes the rows of one account's attempts.
    func deleteUsage(accountId: String) throws
}
