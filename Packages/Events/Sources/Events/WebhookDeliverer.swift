import Foundation
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
/// (`WebhookSchedule`) in one write, sends each app its next events (concurrently across apps; one at a time and in
/// cursor order within an app, stopping at the first that fails), and records the answers in another write.
///
/// An app behind by many events gets up to `perApp` of them in one pass, not one: at 200 changes a second, one event
/// per pass (two writes and a POST) would leave an app further behind with every change.
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
    /// Most events one pass sends to one app. Fewer when the claim's lease would not outlast another send's timeout.
    public let perApp: Int
    /// A send without an answer within this fails.
    public static let timeout: Duration = .seconds(10)

    public init(
        store: any EventsStore, clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        sender: any WebhookSender, sealingKey: SealingKey?, schedule: WebhookSchedule = .standard, batch: Int = 50,
        perApp: Int = 100
    ) {
        self.store = store
        self.clock = clock
        self.sender = sender
        self.sealingKey = sealingKey
        self.schedule = schedule
        self.batch = batch
        self.perApp = max(1, perApp)
        owner = random.uuidString()
    }

    /// One app's next event, claimed for this deliverer until the lease ends, and the events after it (in cursor
    /// order) that the same pass may send once it is delivered.
    public struct Claim: Sendable {
        public let app: StoredApp
        public let url: String
        public let event: Event
        public let following: [Event]
        /// When the claim's lease ends.
        public let until: Date

        /// The claimed event, then those after it.
        public var events: [Event] { [event] + following }
    }

    /// One claim's answers, in order: the receiver's status for each event sent (nil when none came). Every answer
    /// but the last is a 2xx: sending stops at the first that is not.
    public struct Answer: Sendable {
        public let claim: Claim
        public let statuses: [Int?]

        public init(claim: Claim, statuses: [Int?]) {
            self.claim = claim
            self.statuses = statuses
        }

        /// The claimed event's answer alone.
        public init(claim: Claim, status: Int?) {
            self.init(claim: claim, statuses: [status])
        }
    }

    /// One pass: claims, sends, records. A store that does not answer throws (the next pass tries again).
    public func deliverDue() async throws -> WebhookReport {
        let now = clock.now()
        let (claims, oldest) = try await claim(at: now)
        let answers = await withTaskGroup(of: Answer.self) { group in
            for claim in claims { group.addTask { await sendInOrder(claim) } }
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
            try answers.flatMap { answer in
                let appId = answer.claim.app.app.id
                let sent = zip(answer.claim.events, answer.statuses)
                guard var state = try events.webhookState(appId: appId),
                    schedule.holds(state, eventId: answer.claim.event.id, by: owner)
                else {
                    return sent.map { event, status in
                        WebhookReport.Attempt(appId: appId, eventId: event.id, status: status, result: .leaseLost)
                    }
                }
                var attempts: [WebhookReport.Attempt] = []
                for (index, (event, status)) in sent.enumerated() {
                    // An event after the claimed one was this claim's too: it counts as claimed when it was sent.
                    if index > 0 { state = schedule.claimed(state, eventId: event.id, by: owner, at: answered) }
                    let result: WebhookReport.Result
                    switch WebhookSchedule.outcome(status: status) {
                    case .delivered:
                        state = schedule.delivered(state, through: event.cursor)
                        result = .delivered
                    case .gone:
                        state = schedule.disabled(state, url: answer.claim.url, at: answered)
                        result = .disabled
                    case .failed:
                        let gaveUp: Bool
                        (state, gaveUp) = schedule.failed(state, through: event.cursor, at: answered)
                        result = gaveUp ? .givenUp : .retried
                    }
                    attempts.append(
                        WebhookReport.Attempt(appId: appId, eventId: event.id, status: status, result: result))
                    if result != .delivered { break }
                }
                try events.saveWebhookState(state)
                return attempts
            }
        }
    }

    /// Claims, in one write, each due app's next event (at most `batch`); also finds when the oldest event still
    /// pending for any live webhook occurred.
    public func claim(at now: Date) async throws -> (claims: [Claim], oldestPending: Date?) {
        let schedule = schedule
        let owner = owner
        let batch = batch
        let perApp = perApp
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
                    let following = try Self.events(
                        after: next.cursor, since: app.app.createdAt, limit: perApp - 1, in: identity)
                    claims.append(
                        Claim(
                            app: app, url: url, event: next, following: following,
                            until: now.addingTimeInterval(schedule.lease)))
                }
                if state != stored { try events.saveWebhookState(state) }
            }
            return (claims, oldest)
        }
    }

    /// The first event after `cursor` that occurred once the app existed (it gets nothing from before), and the
    /// cursor of the last one passed over for that.
    static func nextEvent(
        after cursor: EventCursor, since created: Date, in identity: any EventLogTransaction
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

    /// The events after `cursor` that occurred once the app existed, at most `limit`, in cursor order.
    static func events(
        after cursor: EventCursor, since created: Date, limit: Int, in identity: any EventLogTransaction
    ) throws -> [Event] {
        guard limit > 0 else { return [] }
        var found: [Event] = []
        var cursor = cursor
        while found.count < limit {
            let page = try identity.events(after: cursor, limit: limit - found.count)
            guard let last = page.last else { break }
            found += page.filter { $0.occurredAt >= created }
            cursor = last.cursor
        }
        return found
    }

    /// Sends `claim`'s events one at a time in order, stopping at the first not delivered, or before a send whose
    /// timeout could outlast the claim's lease (the next pass sends the rest).
    public func sendInOrder(_ claim: Claim) async -> Answer {
        var statuses: [Int?] = []
        for event in claim.events {
            if !statuses.isEmpty, clock.now().addingTimeInterval(Self.timeoutSeconds) >= claim.until { break }
            let status = await send(claim.app, url: claim.url, event: event)
            statuses.append(status)
            guard case .delivered = WebhookSchedule.outcome(status: status) else { break }
        }
        return Answer(claim: claim, statuses: statuses)
    }

    static let timeoutSeconds =
        TimeInterval(timeout.components.seconds) + TimeInterval(timeout.components.attoseconds) / 1e18

    /// Sends `claim`'s event signed with its app's secret; the status, or nil when no answer came (or the secret does
    /// not open, which no retry mends but the operator may: it is retried like any failure).
    public func send(_ claim: Claim) async -> Int? {
        await send(claim.app, url: claim.url, event: claim.event)
    }

    /// Sends `event` to `app`'s webhook at `url`, signed with its secret (as `send(_:)`).
    func send(_ app: StoredApp, url: String, event: Event) async -> Int? {
        do {
            guard let secret = try app.webhookSecret(sealingKey: sealingKey) else { return nil }
            let body = try KithJSON.encoder().encode(event)
            let timestamp = Int64(clock.now().timeIntervalSince1970.rounded(.down))
            let headers = try StandardWebhooks.headers(
                id: event.id, timestamp: timestamp, body: body, secret: secret)
            return try await sender.send(
                WebhookRequest(url: url, headers: headers, body: body, timeout: Self.timeout))
        } catch {
            return nil
        }
    }
}
