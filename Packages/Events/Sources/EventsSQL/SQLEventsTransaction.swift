import Events
import Foundation
import Kernel
import Storage

/// One SQL transaction (SQLite or PostgreSQL) seen as an `EventsStoreTransaction`. Plain SQL, no rules; every
/// statement is the same on both engines.
public struct SQLEventsTransaction: EventsStoreTransaction {
    let connection: any SQLConnection

    /// The Events view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: any SQLConnection) {
        self.connection = connection
    }

    private static let columns = """
        app_id, delivered_transaction, delivered_sequence, pending_event_id, attempts, first_failure_at, \
        next_attempt_at, claim_owner, claimed_until, disabled_url, disabled_at
        """

    public func webhookStates() throws -> [WebhookState] {
        try connection.query("SELECT \(Self.columns) FROM events_webhook_deliveries", []).map(Self.state)
    }

    public func webhookState(appId: String) throws -> WebhookState? {
        try connection.first("SELECT \(Self.columns) FROM events_webhook_deliveries WHERE app_id = ?", [appId])
            .map(Self.state)
    }

    public func saveWebhookState(_ state: WebhookState) throws {
        try connection.execute(
            """
            INSERT INTO events_webhook_deliveries (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (app_id) DO UPDATE SET
                delivered_transaction = excluded.delivered_transaction,
                delivered_sequence = excluded.delivered_sequence, pending_event_id = excluded.pending_event_id,
                attempts = excluded.attempts, first_failure_at = excluded.first_failure_at,
                next_attempt_at = excluded.next_attempt_at, claim_owner = excluded.claim_owner,
                claimed_until = excluded.claimed_until, disabled_url = excluded.disabled_url,
                disabled_at = excluded.disabled_at
            """,
            [
                state.appId, state.deliveredThrough.transaction, state.deliveredThrough.sequence, state.pendingEventId,
                state.attempts, state.firstFailureAt, state.nextAttemptAt, state.claimOwner, state.claimedUntil,
                state.disabledURL, state.disabledAt,
            ])
    }

    public func deleteWebhookState(appId: String) throws {
        try connection.execute("DELETE FROM events_webhook_deliveries WHERE app_id = ?", [appId])
    }

    private static func state(_ row: SQLRow) throws -> WebhookState {
        WebhookState(
            appId: try row.string(0),
            deliveredThrough: EventCursor(transaction: Int64(try row.int(1)), sequence: Int64(try row.int(2))),
            pendingEventId: row[3], attempts: try row.int(4), firstFailureAt: try row.optionalDate(5),
            nextAttemptAt: try row.optionalDate(6), claimOwner: row[7], claimedUntil: try row.optionalDate(8),
            disabledURL: row[9], disabledAt: try row.optionalDate(10))
    }
}
