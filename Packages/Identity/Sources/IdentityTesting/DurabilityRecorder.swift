import Kernel
import Synchronization

/// A store around another that records the durability each write asked for (`write(_:)` is `.normal`), for the
/// tests that check which calls commit `.immediate` (DOMAIN.md "Durability"), in any feature.
public final class DurabilityRecorder<Transaction>: TransactionalStore {
    /// The store the transactions run on.
    public let base: any TransactionalStore<Transaction>
    private let recorded = Mutex<[Durability]>([])

    public init(_ base: any TransactionalStore<Transaction>) { self.base = base }

    /// Every write's durability since the last `forget()`, in order.
    public var writes: [Durability] { recorded.withLock { $0 } }

    /// Forgets the writes recorded so far.
    public func forget() { recorded.withLock { $0 = [] } }

    public func read<T: Sendable>(_ body: @Sendable (Transaction) throws -> T) async throws -> T {
        try await base.read(body)
    }

    public func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (Transaction) throws -> T
    ) async throws -> T {
        recorded.withLock { $0.append(durability) }
        return try await base.write(durability: durability, body)
    }
}
