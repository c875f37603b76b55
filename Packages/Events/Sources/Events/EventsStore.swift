import Foundation
import Kernel
import Tokens

/// Where Events persists, sharing each transaction with Tokens' (the apps, their credentials and webhooks) and
/// Identity's (the event log itself): a delivery is claimed in the same transaction that reads the app and its next
/// event.
public typealias EventsStore = TransactionalStore<
    (any EventsStoreTransaction, any TokensStoreTransaction, any EventLogTransaction)
>

/// The reads and writes of webhook delivery state inside one store transaction. Plain data, no rules.
public protocol EventsStoreTransaction {
    /// Every app's delivery state, in any order.
    func webhookStates() throws -> [WebhookState]
    func webhookState(appId: String) throws -> WebhookState?
    /// Inserts the state, or replaces the stored one of the same app.
    func saveWebhookState(_ state: WebhookState) throws
    func deleteWebhookState(appId: String) throws
}

/// Where delivering one app's events stands (one row per app with a webhook that was ever tried).
public struct WebhookState: Sendable, Hashable {
    public var appId: String
    /// The newest event delivered or given up (or skipped: it occurred before the app was registered).
    public var deliveredThrough: EventCursor
    /// The event being tried now, once claimed; the next after `deliveredThrough`.
    public var pendingEventId: String?
    /// Tries of the pending event so far.
    public var attempts: Int
    /// When the pending event's first try failed: it is given up `WebhookSchedule.giveUpAfter` later.
    public var firstFailureAt: Date?
    /// No try before this (nil: at once).
    public var nextAttemptAt: Date?
    /// The server (a random id per process) sending now, and until when no other may.
    public var claimOwner: String?
    public var claimedUntil: Date?
    /// The webhook URL a 410 disabled; deliveries stay off while the app keeps this URL.
    public var disabledURL: String?
    public var disabledAt: Date?

    public init(
        appId: String, deliveredThrough: EventCursor = .start, pendingEventId: String? = nil, attempts: Int = 0,
        firstFailureAt: Date? = nil, nextAttemptAt: Date? = nil, claimOwner: String? = nil, claimedUntil: Date? = nil,
        disabledURL: String? = nil, disabledAt: Date? = nil
    ) {
        self.appId = appId
        self.deliveredThrough = deliveredThrough
        self.pendingEventId = pendingEventId
        self.attempts = attempts
        self.firstFailureAt = firstFailureAt
        self.nextAttemptAt = nextAttemptAt
        self.claimOwner = claimOwner
        self.claimedUntil = claimedUntil
        self.disabledURL = disabledURL
        self.disabledAt = disabledAt
    }
}
