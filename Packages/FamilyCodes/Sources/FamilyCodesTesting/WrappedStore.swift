import FamilyCodes
import Foundation
import Identity
import Synchronization

/// A store around another that counts code lookups and can be told to fail inside a transaction, for
/// tests of any `FamilyCodeStore` (the domain's tests and the contract suite share it).
///
/// Counting `liveCode(code:)` proves that a locked join looks nothing up; failing `insertUsage`
/// proves that a join that breaks half-way leaves nothing behind.
public final class WrappedStore: TransactionalStore {
    let inner: any FamilyCodeStore
    private let counters = Mutex((lookups: 0, failUsage: false))

    public init(_ inner: any FamilyCodeStore) {
        self.inner = inner
    }

    /// How many times a code was looked up (joins and the uniqueness check of new codes).
    public var lookups: Int { counters.withLock { $0.lookups } }

    /// Makes every later `insertUsage` throw `InjectedFailure` (or stop throwing).
    public func failUsageInserts(_ fail: Bool) { counters.withLock { $0.failUsage = fail } }

    func countLookup() { counters.withLock { $0.lookups += 1 } }
    var shouldFailUsage: Bool { counters.withLock { $0.failUsage } }

    public func read<T: Sendable>(
        _ body: @Sendable ((any FamilyCodeStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await inner.read { codes, identity in try body((WrappedTransaction(codes, self), identity)) }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable ((any FamilyCodeStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await inner.write(durability: durability) { codes, identity in
            try body((WrappedTransaction(codes, self), identity))
        }
    }
}

/// What a told-to-fail `insertUsage` throws.
public struct InjectedFailure: Error, Equatable {
    public init() {}
}

struct WrappedTransaction: FamilyCodeStoreTransaction {
    let inner: any FamilyCodeStoreTransaction
    let store: WrappedStore

    init(_ inner: any FamilyCodeStoreTransaction, _ store: WrappedStore) {
        self.inner = inner
        self.store = store
    }

    func liveCode(familyId: String) throws -> FamilyCode? { try inner.liveCode(familyId: familyId) }

    func liveCode(code: String) throws -> FamilyCode? {
        store.countLookup()
        return try inner.liveCode(code: code)
    }

    func codeHistory(familyId: String) throws -> [FamilyCode] { try inner.codeHistory(familyId: familyId) }
    func replaceLiveCode(_ code: FamilyCode) throws { try inner.replaceLiveCode(code) }
    func countUse(ofLiveCode code: String) throws { try inner.countUse(ofLiveCode: code) }
    func rateLimitLock(key: String) throws -> Date? { try inner.rateLimitLock(key: key) }
    func rateLimitState(key: String) throws -> RateLimitState { try inner.rateLimitState(key: key) }

    func setRateLimitState(_ state: RateLimitState, key: String) throws {
        try inner.setRateLimitState(state, key: key)
    }

    func insertUsage(_ usage: FamilyCodeUsage) throws {
        if store.shouldFailUsage { throw InjectedFailure() }
        try inner.insertUsage(usage)
    }

    func usage(familyIds: Set<String>, codes: Set<String>) throws -> [FamilyCodeUsage] {
        try inner.usage(familyIds: familyIds, codes: codes)
    }

    func usage(accountId: String) throws -> [FamilyCodeUsage] { try inner.usage(accountId: accountId) }
}
