import Kernel
import Synchronization
import Tokens

/// An `EventsStore` in memory over an `InMemoryTokensStore` (and its Identity store, which keeps the log), for tests.
///
/// Each transaction runs inside one of `tokens`, on a copy of the delivery state that a write commits only when its
/// body returned, so a failed call changes nothing.
public final class InMemoryEventsStore: TransactionalStore {
    public let tokens: InMemoryTokensStore
    private let state = Mutex([String: WebhookState]())

    public init(tokens: InMemoryTokensStore) {
        self.tokens = tokens
    }

    public func read<T: Sendable>(
        _ body:
            @Sendable ((any EventsStoreTransaction, any TokensStoreTransaction, any EventLogTransaction)) throws
            -> T
    ) async throws -> T {
        try await tokens.read { tokens, identity, _ in
            try body((InMemoryEventsTransaction(states: self.state.withLock { $0 }), tokens, identity))
        }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body:
            @Sendable ((any EventsStoreTransaction, any TokensStoreTransaction, any EventLogTransaction)) throws
            -> T
    ) async throws -> T {
        try await tokens.write(durability: durability) { tokens, identity, _ in
            let transaction = InMemoryEventsTransaction(states: self.state.withLock { $0 })
            let result = try body((transaction, tokens, identity))
            // Writes run one at a time (inside Identity's), so nothing committed in between.
            self.state.withLock { $0 = transaction.states }
            return result
        }
    }
}

/// One transaction of `InMemoryEventsStore`, over its own copy of the state.
final class InMemoryEventsTransaction: EventsStoreTransaction {
    var states: [String: WebhookState]

    init(states: [String: WebhookState]) {
        self.states = states
    }

    func webhookStates() -> [WebhookState] { Array(states.values) }

    func webhookState(appId: String) -> WebhookState? { states[appId] }

    func saveWebhookState(_ state: WebhookState) { states[state.appId] = state }

    func deleteWebhookState(appId: String) { states[appId] = nil }
}
