/// Where a feature persists: transactions of plain reads and writes over the feature's `Transaction`, and no rules.
///
/// Every service call runs in one `read` or `write`: when `body` throws, nothing it wrote remains. Slow work such as
/// password hashing happens before, never inside, a transaction. A feature's store is this protocol with its
/// transaction (`IdentityStore`, `FamilyCodeStore`...): a tuple of views when it spans features, so that, say, a
/// family join's lookup, membership and log row commit together. The SQL stores are one generic `SQLStore`
/// (IdentitySQL); the in-memory stores are the domains' own.
public protocol TransactionalStore<Transaction>: Sendable {
    /// What a body reads and writes through: valid only inside the body.
    associatedtype Transaction

    /// Runs `body` in one read-only transaction (a consistent snapshot).
    func read<T: Sendable>(_ body: @Sendable (Transaction) throws -> T) async throws -> T

    /// Runs `body` in one write transaction committed as `durability` asks: all of its changes are kept, or, when it
    /// throws, none. A body may run more than once (a database may retry it after losing to a concurrent
    /// transaction), so it has no effect outside it.
    func write<T: Sendable>(durability: Durability, _ body: @Sendable (Transaction) throws -> T) async throws -> T
}

extension TransactionalStore {
    /// An ordinary (`.normal`) `write`.
    public func write<T: Sendable>(_ body: @Sendable (Transaction) throws -> T) async throws -> T {
        try await write(durability: .normal, body)
    }
}

/// A store whose transactions are seen through a narrower protocol: a part's rules (the outbox's sender, say) take
/// their part's own transaction, while the store they run on holds every part's, so that a change spanning parts
/// still commits as one. Reads and writes are the base store's own.
public struct NarrowedStore<Wide, Narrow>: TransactionalStore {
    let base: any TransactionalStore<Wide>
    let narrow: @Sendable (Wide) -> Narrow

    /// `base`, each of whose transactions `narrow` views as a `Narrow` (usually an upcast: `{ $0 }`).
    public init(_ base: any TransactionalStore<Wide>, narrow: @escaping @Sendable (Wide) -> Narrow) {
        self.base = base
        self.narrow = narrow
    }

    public func read<T: Sendable>(_ body: @Sendable (Narrow) throws -> T) async throws -> T {
        try await base.read { [narrow] in try body(narrow($0)) }
    }

    public func write<T: Sendable>(durability: Durability, _ body: @Sendable (Narrow) throws -> T) async throws -> T {
        try await base.write(durability: durability) { [narrow] in try body(narrow($0)) }
    }
}
