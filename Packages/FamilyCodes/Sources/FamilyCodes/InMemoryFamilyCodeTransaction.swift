import Foundation
import IdentityMemory
import Kernel

/// One transaction of `InMemoryFamilyCodeStore`, over its own copy of the state.
final class InMemoryFamilyCodeTransaction: FamilyCodeStoreTransaction, InMemoryTransaction {
    var state: InMemoryFamilyCodeState

    init(state: InMemoryFamilyCodeState) {
        self.state = state
    }

    // MARK: - Codes

    func liveCode(familyId: String) -> FamilyCode? {
        state.codes.last { $0.retiredAt == nil && $0.code.familyId == familyId }?.code
    }

    func liveCode(code: String) -> FamilyCode? {
        state.codes.last { $0.retiredAt == nil && $0.code.code == code }?.code
    }

    func codeHistory(familyId: String) -> [FamilyCode] {
        state.codes.filter { $0.code.familyId == familyId }.map(\.code)
    }

    func replaceLiveCode(_ code: FamilyCode) {
        for index in state.codes.indices
        where state.codes[index].retiredAt == nil && state.codes[index].code.familyId == code.familyId {
            state.codes[index].retiredAt = code.generatedAt
        }
        state.codes.append(.init(code: code, retiredAt: nil))
    }

    func countUse(ofLiveCode code: String) {
        for index in state.codes.indices
        where state.codes[index].retiredAt == nil && state.codes[index].code.code == code {
            state.codes[index].code.uses += 1
        }
    }

    // MARK: - Rate limits

    func rateLimitLock(key: String) -> Date? { state.rateLimits[key]?.lockedUntil }

    func rateLimitState(key: String) -> RateLimitState { state.rateLimits[key] ?? .fresh }

    func setRateLimitState(_ rateLimitState: RateLimitState, key: String) {
        state.rateLimits[key] = rateLimitState == .fresh ? nil : rateLimitState
    }

    // MARK: - Usage log

    func insertUsage(_ usage: FamilyCodeUsage) { state.usage.append(usage) }

    func usage(familyIds: Set<String>, codes: Set<String>) -> [FamilyCodeUsage] {
        newestFirst(
            state.usage.filter { row in codes.contains(row.code) && (row.familyId.map(familyIds.contains) ?? true) })
    }

    func retireLiveCode(familyId: String, at date: Date) {
        for index in state.codes.indices
        where state.codes[index].retiredAt == nil && state.codes[index].code.familyId == familyId {
            state.codes[index].retiredAt = date
        }
    }

    func deleteUsage(accountId: String) { state.usage.removeAll { $0.accountId == accountId } }

    func usage(accountId: String) -> [FamilyCodeUsage] {
        newestFirst(state.usage.filter { $0.accountId == accountId })
    }

    /// Newest first; rows with the same time in reverse insertion order, as the SQLite store orders them.
    private func newestFirst(_ rows: [FamilyCodeUsage]) -> [FamilyCodeUsage] {
        rows.enumerated().sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }.map(\.element)
    }
}
