import Synchronization

/// A point in the primary database's history: PostgreSQL's WAL position (an LSN), which only grows. A copy of the
/// database (a streaming replica) that has replayed up to it shows every commit made before it.
public struct CommitPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The LSN as one number (PostgreSQL's `X/Y` is its high and low 32 bits).
    public let value: UInt64

    public init(_ value: UInt64) { self.value = value }

    /// PostgreSQL's text of an LSN (`16/B374D848`); nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...8).contains(parts[0].count), (1...8).contains(parts[1].count),
            let high = UInt64(parts[0], radix: 16), let low = UInt64(parts[1], radix: 16)
        else { return nil }
        value = high << 32 | low
    }

    /// `X/Y` in hex, as PostgreSQL writes it.
    public var description: String {
        String(value >> 32, radix: 16, uppercase: true) + "/" + String(value & 0xFFFF_FFFF, radix: 16, uppercase: true)
    }

    public static func < (left: CommitPosition, right: CommitPosition) -> Bool { left.value < right.value }
}

/// What one request has seen and committed, carried through it as a task-local value so that no service signature
/// names it: the server sets it from the request's `Kith-Read-After` header, the database reads it to choose where
/// a read may run, and records every commit in it for the response's header.
///
/// A reference, so that a commit made deep inside a request is seen by the middleware that answers it.
public final class CausalContext: Sendable {
    /// The context of the running request, if any.
    @TaskLocal public static var current: CausalContext?

    /// What the caller has already seen (the position it sent back): its reads must be at least this new.
    public let readAfter: CommitPosition?
    private let committedPosition = Mutex<CommitPosition?>(nil)

    public init(readAfter: CommitPosition?) { self.readAfter = readAfter }

    /// The newest position a transaction of this request committed at, or nil when none committed.
    public var committed: CommitPosition? { committedPosition.withLock { $0 } }

    /// Notes a commit at `position`.
    public func recordCommit(at position: CommitPosition) {
        committedPosition.withLock { $0 = max($0 ?? position, position) }
    }
}
