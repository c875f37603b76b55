import Foundation
import Kernel

/// Removes the events older than the retention (`--event-retention`, 7 days by default): what the server runs at
/// start and every hour. Apps whose cursor falls below the newest removed event are refused `.cursorExpired`.
public struct EventRetention: Sendable {
    let store: any TransactionalStore<any EventLogTransaction>
    let clock: any WallClock
    /// Seconds an event is kept.
    public let retention: TimeInterval
    /// How often the server prunes.
    public static let interval: Duration = .seconds(3_600)

    public init(
        store: any TransactionalStore<any EventLogTransaction>, clock: any WallClock = SystemClock(),
        retention: TimeInterval
    ) {
        self.store = store
        self.clock = clock
        self.retention = retention
    }

    /// Removes every event that occurred more than `retention` before now; returns how many.
    @discardableResult
    public func prune() async throws -> Int {
        let cutoff = clock.now().addingTimeInterval(-retention)
        return try await store.write { try $0.pruneEvents(occurredBefore: cutoff) }
    }
}
