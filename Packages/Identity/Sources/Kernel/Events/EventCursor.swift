/// Where an event is in the log, as apps store it: `TRANSACTION.SEQUENCE` (`0.42` on SQLite, `7391.42` on
/// PostgreSQL), compared as a pair.
///
/// Why a pair: on PostgreSQL a transaction that took a lower sequence number can commit after one that took a higher,
/// so a feed ordered by sequence alone would hand a reader 43 and later reveal 42 below its cursor. The log orders by
/// the writing transaction's id first and shows only transactions older than every one still in flight (the snapshot's
/// `xmin`), so everything at or below a cursor a reader was given is final. SQLite (one writer at a time) and the
/// memory store commit in sequence order, so their transaction part is always 0.
public struct EventCursor: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var transaction: Int64
    public var sequence: Int64

    /// Before every event.
    public static let start = EventCursor(transaction: 0, sequence: 0)

    public init(transaction: Int64, sequence: Int64) {
        self.transaction = transaction
        self.sequence = sequence
    }

    /// The cursor `text` spells (`42` alone means `0.42`); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        guard let last = Int64(parts[parts.count - 1]) else { return nil }
        let first = parts.count == 2 ? Int64(parts[0]) : 0
        guard let first else { return nil }
        self.init(transaction: first, sequence: last)
    }

    public var description: String { "\(transaction).\(sequence)" }

    public static func < (lhs: EventCursor, rhs: EventCursor) -> Bool {
        (lhs.transaction, lhs.sequence) < (rhs.transaction, rhs.sequence)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let cursor = EventCursor(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an event cursor: \(text)")
        }
        self = cursor
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
