import Circles
import Events
import EventsSQL
import Foundation
import IdentityMemory
import IdentitySQL
import Kernel
import Storage
import Tokens
import TokensTesting

/// Identity, Circles, Tokens and Events over the stores a test target gives (one set of data), with a test clock:
/// what every case of `EventsContract` runs against.
public final class EventsContractEnvironment: Sendable {
    /// Identity, Circles and Tokens over the same data (accounts, apps, the clock).
    public let base: TokensContractEnvironment
    public let store: any EventsStore

    public var clock: ManualClock { base.clock }
    public var random: SeededRandomSource { base.random }

    public init(base: TokensContractEnvironment, store: any EventsStore) {
        self.base = base
        self.store = store
    }

    /// Every store in memory, over one Identity store.
    public static func inMemory() -> EventsContractEnvironment {
        let identity = InMemoryIdentityStore()
        let circles = InMemoryCirclesStore(identity: identity)
        let tokens = InMemoryTokensStore(circles: circles)
        return EventsContractEnvironment(
            base: TokensContractEnvironment(identityStore: identity, circlesStore: circles, tokensStore: tokens),
            store: InMemoryEventsStore(tokens: tokens))
    }

    /// Every SQL store over `database` (opened with `EventsContractEnvironment.migrations`).
    public static func sql(_ database: any SQLDatabase) -> EventsContractEnvironment {
        EventsContractEnvironment(base: .sql(database), store: SQLStore(eventsOn: database))
    }

    /// What a database for these stores is opened with.
    public static let migrations = TokensContractEnvironment.migrations + [EventsMigrations.all]

    /// Registers an app named `name`, with a webhook at `webhook` when given; returns its secrets.
    public func app(_ name: String = "Movie Night", webhook: String? = nil) async throws -> AppSecrets {
        try await base.tokens.addApp(name: name, webhookURL: webhook)
    }

    /// Writes an event of `type` about `accountId` now (a store transaction of its own, as a change writes it), and
    /// waits until it is readable (on PostgreSQL an event waits until every older transaction of the cluster has
    /// ended; other tests run beside this one).
    @discardableResult
    public func emit(_ type: String = "account.updated", accountId: String = "account-1") async throws -> String {
        let now = clock.now()
        let id = random.uuidString()
        try await base.identityStore.write { identity in
            try identity.appendEvent(NewEvent(type, subject: EventSubject(accountId: accountId)), id: id, at: now)
        }
        for _ in 0..<1_000 {
            if try await base.identityStore.read({ try $0.eventsNotYetFinal() }) == 0 { return id }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw EventsNotFinal()
    }

    struct EventsNotFinal: Error, CustomStringConvertible {
        var description: String { "an event stayed behind a transaction in flight for 10 s" }
    }

    /// A feed over the store, whose waits move the test clock by each pause and then run `onPause` (which may write
    /// an event), instead of sleeping.
    public func feed(
        retention: TimeInterval = FeedRules.defaultRetention,
        onPause: @escaping @Sendable () async throws -> Void = {}
    ) -> LocalEventFeed {
        let clock = clock
        return LocalEventFeed(store: store, clock: clock, retention: retention) { pause in
            clock.advance(
                by: TimeInterval(pause.components.seconds) + TimeInterval(pause.components.attoseconds) / 1e18)
            try await onPause()
        }
    }

    /// What the feature provides a server over the store (its deliverers, the operator's notes and `enable`).
    public var deliveries: WebhookDeliveries {
        WebhookDeliveries(store: store, clock: clock, random: random, sealingKey: nil)
    }

    /// A deliverer of its own (another server, or the same restarted) over the store, sending through `sender`.
    public func deliverer(sending sender: any WebhookSender) -> WebhookDeliverer {
        deliveries.deliverer(sending: sender)
    }

    /// The app's delivery state as stored.
    public func state(of app: AppSecrets) async throws -> WebhookState? {
        try await store.read { events, _, _ in try events.webhookState(appId: app.app.id) }
    }
}

/// A `WebhookSender` that records each request and answers from a script: the statuses to answer in turn (nil for no
/// answer), then `otherwise`.
public actor RecordingWebhookSender: WebhookSender {
    public private(set) var requests: [WebhookRequest] = []
    private var script: [Int?]
    private let otherwise: Int?

    public init(_ script: [Int?] = [], otherwise: Int? = 200) {
        self.script = script
        self.otherwise = otherwise
    }

    public func send(_ request: WebhookRequest) async throws -> Int {
        requests.append(request)
        let status = script.isEmpty ? otherwise : script.removeFirst()
        guard let status else { throw NoAnswer() }
        return status
    }

    /// The `webhook-id` of each request, in order.
    public var eventIds: [String] { requests.map { $0.headers["webhook-id"] ?? "" } }

    struct NoAnswer: Error {}
}
