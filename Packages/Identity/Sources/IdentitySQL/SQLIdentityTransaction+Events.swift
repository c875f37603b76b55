import Foundation
import Kernel
import Storage

// MARK: - The event log

extension SQLIdentityTransaction {
    private static let eventColumns =
        "transaction_id, sequence, id, type, occurred_at, account_id, member_id, household_id, data"

    public func appendEvent(_ event: NewEvent, id: String, at now: Date) throws {
        // Nothing waits for the row: on PostgreSQL it goes out with the transaction's next statement or its COMMIT, in
        // that round trip, and a failure fails the transaction there (SQLite runs it at once).
        _ = try connection.later(
            connection.dialect == .postgres ? Self.insertOnPostgres : Self.insertOnSQLite,
            [
                id, event.type, now, event.subject.accountId, event.subject.memberId, event.subject.householdId,
                EventData.json(event.data),
            ])
    }

    /// `transaction_id` is the column's default (this transaction's id), `sequence` the identity column's next.
    private static let insertOnPostgres = """
        INSERT INTO identity_events (id, type, occurred_at, account_id, member_id, household_id, data)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// `transaction_id` is the column's default (0), and `sequence` the number after the highest ever given: the
    /// newest row's, or the newest pruned one's when pruning left none (see the `events-one-key` migration). SQLite's
    /// one writer makes the read and the insert one step; the read is a seek to the end of the table's b-tree.
    private static let insertOnSQLite = """
        INSERT INTO identity_events (sequence, id, type, occurred_at, account_id, member_id, household_id, data)
        VALUES (
            max(
                coalesce((SELECT max(sequence) FROM identity_events), 0),
                coalesce((SELECT sequence FROM identity_events_pruned), 0)) + 1,
            ?, ?, ?, ?, ?, ?, ?)
        """

    public func events(after cursor: EventCursor, limit: Int) throws -> [Event] {
        let decoder = JSONDecoder()
        if connection.dialect == .sqlite {
            // Every row's transaction is 0 here (see the `events-rowid` migration): a cursor of a later one is past
            // every event, and the sequence alone, the table's own key, orders the rest.
            guard cursor.transaction == 0 else { return [] }
            return try connection.query(
                "SELECT \(Self.eventColumns) FROM identity_events WHERE sequence > ? ORDER BY sequence LIMIT ?",
                [cursor.sequence, limit]
            ).map { try Self.event($0, decoder: decoder) }
        }
        return try connection.query(
            """
            SELECT \(Self.eventColumns) FROM identity_events
            WHERE (transaction_id, sequence) > (?, ?)\(finalOnly)
            ORDER BY transaction_id, sequence LIMIT ?
            """,
            [cursor.transaction, cursor.sequence, limit]
        ).map { try Self.event($0, decoder: decoder) }
    }

    public func eventsNotYetFinal() throws -> Int {
        guard connection.dialect == .postgres else { return 0 }
        return try connection.first(
            """
            SELECT count(*) FROM identity_events
            WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())::text::bigint
            """
        )?.int(0) ?? 0
    }

    public func prunedEventsThrough() throws -> EventCursor? {
        try connection.first("SELECT transaction_id, sequence FROM identity_events_pruned").map {
            EventCursor(transaction: Int64(try $0.int(0)), sequence: Int64(try $0.int(1)))
        }
    }

    public func pruneEvents(occurredBefore date: Date) throws -> Int {
        // Everything before the oldest event young enough to keep, in cursor order (so an old event that committed
        // after a young one stays until the young one goes: kept a little longer, never skipped).
        // On SQLite the sequence alone is the cursor's order (every transaction is 0), and its key.
        let onSQLite = connection.dialect == .sqlite
        let order = onSQLite ? "sequence" : "transaction_id, sequence"
        let young = try connection.first(
            """
            SELECT transaction_id, sequence FROM identity_events WHERE occurred_at >= ?\(finalOnly)
            ORDER BY \(order) LIMIT 1
            """,
            [date]
        ).map { EventCursor(transaction: Int64(try $0.int(0)), sequence: Int64(try $0.int(1))) }
        let below =
            young == nil ? "" : onSQLite ? " AND sequence < ?" : " AND (transaction_id, sequence) < (?, ?)"
        let bounds: [any SQLBindable] =
            young.map { onSQLite ? [$0.sequence] : [$0.transaction, $0.sequence] } ?? []
        let pruned = try connection.query(
            "DELETE FROM identity_events WHERE occurred_at < ?\(finalOnly)\(below) RETURNING transaction_id, sequence",
            [date as any SQLBindable] + bounds
        ).map { EventCursor(transaction: Int64(try $0.int(0)), sequence: Int64(try $0.int(1))) }
        guard let newest = pruned.max() else { return 0 }
        if let through = try prunedEventsThrough(), through >= newest { return pruned.count }
        try connection.execute(
            """
            INSERT INTO identity_events_pruned (singleton, transaction_id, sequence) VALUES (1, ?, ?)
            ON CONFLICT (singleton) DO UPDATE SET
                transaction_id = excluded.transaction_id, sequence = excluded.sequence
            """,
            [newest.transaction, newest.sequence])
        return pruned.count
    }

    /// On PostgreSQL, only rows written by transactions older than every one still in flight: those are final (see
    /// `EventCursor`). An event becomes readable once every transaction that began before its own has ended, which is
    /// what keeps a slow writer's lower cursor from appearing below one a reader was already given.
    private var finalOnly: String {
        connection.dialect == .postgres
            ? " AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint" : ""
    }

    private static func event(_ row: SQLRow, decoder: JSONDecoder) throws -> Event {
        let text = try row.string(8)
        let data = text == "{}" ? [:] : try decoder.decode([String: String].self, from: Data(text.utf8))
        return Event(
            id: try row.string(2), type: try row.string(3), occurredAt: try row.date(4),
            cursor: EventCursor(transaction: Int64(try row.int(0)), sequence: Int64(try row.int(1))),
            subject: EventSubject(
                accountId: row[5], memberId: row[6],
                householdId: row[7]),
            data: data)
    }
}
