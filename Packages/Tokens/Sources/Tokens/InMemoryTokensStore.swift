import Circles
import Households
import Kernel
import Synchronization

/// A `TokensStore` in memory over an `InMemoryCirclesStore` (and its Identity store), for tests and previews.
///
/// Each transaction runs inside one transaction of `circles`, on a copy of the Tokens state that a write commits
/// only when its body returned; Circles and Identity then commit with nothing in between that can fail, so a failed
/// call leaves no feature changed.
public final class InMemoryTokensStore: TransactionalStore {
    /// The Circles store (and through it the Identity store) whose transactions this store's extend.
    public let circles: InMemoryCirclesStore
    private let state = Mutex(InMemoryTokensState())

    /// A store over `circles` (pass the one the Circles service uses, so both see the same data).
    public init(circles: InMemoryCirclesStore) {
        self.circles = circles
    }

    public func read<T: Sendable>(
        _ body:
            @Sendable ((any TokensStoreTransaction, any HouseholdsStoreTransaction, any CirclesStoreTransaction))
            throws -> T
    ) async throws -> T {
        try await circles.read { circles, identity in
            try body((InMemoryTokensTransaction(state: self.state.withLock { $0 }), identity, circles))
        }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body:
            @Sendable ((any TokensStoreTransaction, any HouseholdsStoreTransaction, any CirclesStoreTransaction))
            throws -> T
    ) async throws -> T {
        try await circles.write(durability: durability) { circles, identity in
            let transaction = InMemoryTokensTransaction(state: self.state.withLock { $0 })
            let result = try body((transaction, identity, circles))
            // Writes run one at a time (inside Identity's), so nothing committed in between.
            self.state.withLock { $0 = transaction.state }
            return result
        }
    }
}

/// Everything an `InMemoryTokensStore` holds; a value, so a transaction works on a copy.
struct InMemoryTokensState: Sendable {
    var apps: [StoredApp] = []
    var keys: [SigningKey] = []
}

/// One transaction of `InMemoryTokensStore`, over its own copy of the state.
final class InMemoryTokensTransaction: TokensStoreTransaction {
    var state: InMemoryTokensState

    init(state: InMemoryTokensState) {
        self.state = state
    }

    func apps() -> [StoredApp] { state.apps }

    func app(id: String) -> StoredApp? { state.apps.first { $0.app.id == id } }

    func insertApp(_ app: StoredApp) { state.apps.append(app) }

    func updateApp(_ app: StoredApp) {
        if let index = state.apps.firstIndex(where: { $0.app.id == app.app.id }) { state.apps[index] = app }
    }

    func deleteApp(id: String) { state.apps.removeAll { $0.app.id == id } }

    func signingKeys() -> [SigningKey] { state.keys }

    func insertSigningKey(_ key: SigningKey) { state.keys.append(key) }

    func deleteSigningKey(id: String) { state.keys.removeAll { $0.id == id } }
}
