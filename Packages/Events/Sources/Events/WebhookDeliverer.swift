import Foundation
import Identity
import Kernel
import Tokens

/// What one delivery pass did: each attempt, and how long the oldest event not yet delivered to an app with a live
/// webhook has waited.
public struct WebhookReport: Sendable, Hashable {
    public enum Result: String, Sendable, Hashable {
        case delivered
        /// Failed; tried again later.
        case retried
        /// Failed for the last time: the app's next event follows.
        case givenUp = "given_up"
        /// The receiver answered 410: the app's webhook is off until its URL changes.
        case disabled
        /// Answered after this server's lease ran out and another server claimed the event: not recorded here.
        case leaseLost = "lease_lost"
    }

    /// One attempt: ids and the answer only, never the secret or the body.
    public struct Attempt: Sendable, Hashable {
        public var appId: String
        public var eventId: String
        /// The receiver's status; nil when none came.
        public var status: Int?
        public var result: Result

        public init(appId: String, eventId: String, status: Int?, result: Result) {
            self.appId = appId
            self.eventId = eventId
            self.status = status
            self.result = result
        }
    }

    public var attempts: [Attempt]
    /// Seconds since the oldest event not yet delivered (nor given up) to an app with a live webhook occurred; nil
    /// when every such app is up to date.
    public var oldestPendingAge: TimeInterval?

    public init(attempts: [Attempt] = [], oldestPendingAge: TimeInterval? = nil) {
        self.attempts = attempts
        self.oldestPendingAge = oldestPendingAge
    }
}

/// Delivers events to apps' webhooks (DOMAIN.md "Events", Standard Webhooks): one pass claims every app due
/// (`WebhookSchedule`) in one write, sends their next events concurrently, and records the answers in another write.
///
/// The claim is in the database (`WebhookState`'s owner and lease), so any number of servers running passes over one
/// database deliver each event to each app at least once, and once unless a sender dies mid-send.
public struct WebhookDeliverer: Sendable {
    let store: any EventsStore
    let clock: any WallClock
    let sender: any WebhookSender
    let sealingKey: SealingKey?
    /// This process's claims: another server's owner is another.
    public let owner: String
    public let schedule: WebhookSchedule
    /// Most apps one pass sends to.
    public let batch: Int
    /// A send without an answer within this fails.
    public static let timeout: Duration = .seconds(10)

    public init(
        store: any EventsStore, clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        sender: any WebhookSender, sealingKey: SealingKey?, schedule: WebhookSchedule = .standard, batch: Int = 50
    ) {
        self.store = store
        self.clock = clock
        self.sender = sender
        self.sealingKey = sealingKey
        self.schedule = schedule
        self.batch = batch
        owner = random.uuidString()
    }

    /// One app's next event, claimed for this deliverer until the lease ends.
    public struct Claim: Sendable {
        public let app: StoredApp
        public let url: String
        public let event: Event
    }

    /// One claim's answer: the receiver's status, nil when none came.
    public struct Answer: Sendable {
        public let claim: Claim
        public let status: Int?

        public init(claim: Claim, status: Int?) {
            self.claim = claim
            self.status = status
        }
    }

    /// One pass: claims, sends, records. A store that does not answer throws (the next pass tries again).
    public func deliverDue() async throws -> WebhookReport {
        let now = clock.now()
        let (claims, oldest) = try await claim(at: now)
        let answers = await withTaskGroup(of: Answer.self) { group in
            for claim in claims { group.addTask { Answer(claim: claim, status: await send(claim)) } }
            return await group.reduce(into: [Answer]()) { $0.append($1) }
        }
        var report = WebhookReport()
        report.oldestPendingAge = oldest.map { max(0, now.timeIntervalSince($0)) }
        report.attempts = try await record(answers)
        return report
    }

    /// Records `answers` at the clock's time, in one write: each claim's app moves on (delivered, given up), waits
    /// (retried) or stops (disabled), unless its lease ran out and another deliverer claimed it since.
    public func record(_ answers: [Answer]) async throws -> [WebhookReport.Attempt] {
        let answered = clock.now()
        let schedule = schedule
        let owner = owner
        return try await store.write { events, _, _ in
            try answers.map { answer in
                let (appId, eventId, status) = (answer.claim.app.app.id, answer.claim.event.id, answer.status)
                guard let state = try events.webhookState(appId: appId),
                    schedule.holds(state, eventId: eventId, by: owner)
                else {
                    return WebhookReport.Attempt(appId: appId, eventId: eventId, status: status, result: .leaseLost)
                }
                let result: WebhookReport.Result
                switch WebhookSchedule.outcome(status: status) {
                case .delivered:
                    try events.saveWebhookState(schedule.delivered(state, through: answer.claim.event.cursor))
                    result = .delivered
                case .gone:
                    try events.saveWebhookState(schedule.disabled(state, url: answer.claim.url, at: answered))
                    result = .disabled
                case .failed:
                    let (next, gaveUp) = schedule.failed(state, through: answer.claim.event.cursor, at: answered)
                    try events.saveWebhookState(next)
                    result = gaveUp ? .givenUp : .retried
                }
                return WebhookReport.Attempt(appId: appId, eventId: eventId, status: status, result: result)
            }
        }
    }

    /// Claims, in one write, each due app's next event (at most `batch`); also finds when the oldest event still
    /// pending for any live webhook occurred.
    public func claim(at now: Date) async throws -> (claims: [Claim], oldestPending: Date?) {
        let schedule = schedule
        let owner = owner
        let batch = batch
        // A read first, so that a pass with nothing due (most of them) takes no write lock.
        let (due, oldest) = try await store.read { events, tokens, identity in
            var due = false
            var oldest: Date?
            for app in try tokens.apps() {
                guard let url = app.app.webhookURL else { continue }
                let state = schedule.current(
                    try events.webhookState(appId: app.app.id) ?? WebhookState(appId: app.app.id), url: url)
                guard state.disabledURL == nil,
                    let next = try Self.nextEvent(after: state.deliveredThrough, since: app.app.createdAt, in: identity)
                        .0
                else { continue }
                oldest = min(oldest ?? next.occurredAt, next.occurredAt)
                due = due || schedule.isDue(state, url: url, at: now)
            }
            return (due, oldest)
        }
        guard due else { return ([], oldest) }
        return try await store.write { events, tokens, identity in
            var claims: [Claim] = []
            var oldest: Date?
            for app in try tokens.apps() {
                guard let url = app.app.webhookURL else { continue }
                let stored = try events.webhookState(appId: app.app.id)
                var state = schedule.current(stored ?? WebhookState(appId: app.app.id), url: url)
                if state.disabledURL != nil {
                    if state != stored { try events.saveWebhookState(state) }
                    continue
                }
                let (next, skippedThrough) = try Self.nextEvent(
                    after: state.deliveredThrough, since: app.app.createdAt, in: identity)
                state.deliveredThrough = skippedThrough
                guard let next else {
                    if state != stored { try events.saveWebhookState(state) }
                    continue
                }
                oldest = min(oldest ?? next.occurredAt, next.occurredAt)
                if claims.count < batch, schedule.isDue(state, url: url, at: now) {
                    state = schedule.claimed(state, eventId: next.id, by: owner, at: now)
                    claims.append(Claim(app: app, url: url, event: next))
                }
                if state != stored { try events.saveWebhookState(state) }
            }
            return (claims, oldest)
        }
    }

    /// The first event after `cursor` that occurred once the app existed (it gets nothing from before), and the
    /// cursor of the last one passed over for that.
    static func nextEvent(
        after cursor: EventCursor, since created: Date, in identity: any IdentityStoreTransaction
    ) throws -> (Event?, EventCursor) {
        var cursor = cursor
        while true {
            let page = try identity.events(after: cursor, limit: 100)
            guard !page.isEmpty else { return (nil, cursor) }
            for event in page {
                if event.occurredAt >= created { return (event, cursor) }
                cursor = event.cursor
            }
        }
    }

    /// Sends `claim`'s event signed with its app's secret; the status, or nil when no answer came (or the secret does
    /// not open, which no retry mends but the operator may: it is retried like any failure).
    public func send(_ claim: Claim) async -> Int? {
        do {
            guard let secret = try claim.app.webhookSecret(sealingKey: sealingKey) else { return nil }
            let body = try KithJSON.encoder().encode(claim.event)
            let timestamp = Int64(clock.now().timeIntervalSince1970.rounded(.down))
            let headers = try StandardWebhooks.headers(
                id: claim.event.id, timestamp: timestamp, body: body, secret: secret)
            return try await sender.send(
                WebhookRequest(url: claim.url, headers: headers, body: body, timeout: Self.timeout))
        } catch {
            return nil
        }
    }
}
