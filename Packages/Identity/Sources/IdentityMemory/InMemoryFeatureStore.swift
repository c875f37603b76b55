import Identity
import Kernel
import Synchronization

/// A feature's in-memory transaction: an object over its own copy of the feature's state, which a write commits.
public protocol InMemoryTransaction: AnyObject, SendableMetatype {
    associatedtype State: Sendable

    /// A transaction over `state`, a copy of the committed state.
    init(state: State)

    /// The copy, as the body has left it so far.
    var state: State { get }

    /// What a write commits once its body returned: `state` unless the feature decides otherwise, or nil to keep the
    /// committed state.
    var stateToCommit: State? { get }
}

/// A feature's state in memory beside an `InMemoryIdentityStore`: what the features' in-memory stores keep their data
/// in, so that one call's writes to both features commit together.
///
/// Each transaction runs inside one transaction of `identity`, on a copy of the feature's state. A write commits its
/// copy only when the body returns, and the Identity store commits its own copy right after, with nothing in between
/// that can fail: a failed call leaves neither feature changed. Identity's writes run one at a time, so commits never
/// cross.
public final class InMemoryFeatureStore<FeatureTransaction: InMemoryTransaction>: Sendable {
    /// The Identity store whose transactions this store's transactions extend.
    public let identity: InMemoryIdentityStore
    private let state: Mutex<FeatureTransaction.State>

    /// A store holding `state` beside `identity` (pass the one the Identity service uses, so both see the same data).
    public init(identity: InMemoryIdentityStore, state: FeatureTransaction.State) {
        self.identity = identity
        self.state = Mutex(state)
    }

    /// The state as last committed.
    public var committed: FeatureTransaction.State { state.withLock { $0 } }

    /// Runs `body` in one read transaction of both features.
    public func read<T: Sendable>(
        _ body: @Sendable (FeatureTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await identity.read { identityTransaction in
            try body(FeatureTransaction(state: self.committed), identityTransaction)
        }
    }

    /// Runs `body` in one write transaction of both features: all of its changes are kept, or, when it throws, none.
    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (FeatureTransaction, any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        try await identity.write(durability: durability) { identityTransaction in
            let transaction = FeatureTransaction(state: self.committed)
            let result = try body(transaction, identityTransaction)
            // Reached only when `body` returned; the Identity store then commits its copy too (it cannot fail after
            // this closure returns), so both features change together or not at all.
            if let changed = transaction.stateToCommit { self.state.withLock { $0 = changed } }
            return result
        }
    }
}

extension InMemoryTransaction {
    public var stateToCommit: State? { state }
}
