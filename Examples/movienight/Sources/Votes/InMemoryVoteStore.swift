import Identity
import IdentityMemory
import Kernel

/// A `VoteStore` in memory, for tests, living inside an `InMemoryIdentityStore`'s transactions: an
/// `InMemoryFeatureStore`, so both views change together or not at all.
///
/// It has no hook on Identity's members: a ballot of a member who left the household stays here, but the rules
/// never count it (`VoteRules.current`). The SQL store removes it (`VotesMigrations`' trigger).
public final class InMemoryVoteStore: TransactionalStore {
    private let store: InMemoryFeatureStore<InMemoryVoteTransaction>

    /// A store sharing transactions with `identity`.
    public init(identity: InMemoryIdentityStore) {
        store = InMemoryFeatureStore(identity: identity, state: [:])
    }

    public func read<T: Sendable>(
        _ body: @Sendable ((any VoteStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await store.read { try body(($0, $1)) }
    }

    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable ((any VoteStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await store.write(durability: durability) { try body(($0, $1)) }
    }
}

/// Where a ballot is kept: one per household, member and title key.
struct BallotKey: Hashable, Sendable {
    var householdId: String
    var memberId: String
    var titleKey: String
}

/// One transaction of `InMemoryVoteStore`, over its own copy of the ballots.
final class InMemoryVoteTransaction: VoteStoreTransaction, InMemoryTransaction {
    var state: [BallotKey: Ballot]

    init(state: [BallotKey: Ballot]) {
        self.state = state
    }

    func ballots(householdId: String, titleKey: String?) -> [Ballot] {
        sorted(state.values.filter { $0.householdId == householdId && (titleKey == nil || $0.titleKey == titleKey) })
    }

    func ballots(memberIds: [String]) -> [Ballot] {
        let members = Set(memberIds)
        return sorted(state.values.filter { members.contains($0.memberId) })
    }

    func saveBallot(_ ballot: Ballot) {
        state[BallotKey(householdId: ballot.householdId, memberId: ballot.memberId, titleKey: ballot.titleKey)] = ballot
    }

    func removeBallots(memberId: String) {
        state = state.filter { $0.value.memberId != memberId }
    }

    func removeBallots(householdId: String) {
        state = state.filter { $0.value.householdId != householdId }
    }

    /// Earliest first, as the SQL store orders them.
    private func sorted(_ ballots: [Ballot]) -> [Ballot] {
        ballots.sorted { ($0.votedAt, $0.memberId, $0.titleKey) < ($1.votedAt, $1.memberId, $1.titleKey) }
    }
}
