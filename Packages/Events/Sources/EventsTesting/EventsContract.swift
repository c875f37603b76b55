import Events
import Foundation
import StorageTesting
import Testing
import Tokens

/// Webhook delivery's store contract: every case runs on memory, SQLite and PostgreSQL through the same deliverer,
/// so each store keeps claims, order, give-ups and disabled webhooks alike.
public enum EventsContract {
    public static let cases: [ContractCase<EventsContractEnvironment>] = [
        ContractCase("a claim is one deliverer's while leased, and another's once the lease ran out") { environment in
            let app = try await environment.app(webhook: "https://movienight.example/hooks")
            let event = try await environment.emit()
            let first = environment.deliverer(sending: RecordingWebhookSender())
            let second = environment.deliverer(sending: RecordingWebhookSender())
            let now = environment.clock.now()
            let claimed = try await first.claim(at: now).claims
            #expect(claimed.map(\.event.id) == [event])
            #expect(try await second.claim(at: now).claims.isEmpty)
            #expect(try await first.claim(at: now.addingTimeInterval(59)).claims.isEmpty)
            // The first sender died mid-send: once its lease ends the other claims the same event.
            environment.clock.advance(by: WebhookSchedule.standard.lease)
            let reclaimed = try await second.claim(at: environment.clock.now()).claims
            #expect(reclaimed.map(\.event.id) == [event])
            #expect(reclaimed.map(\.app.app.id) == [app.app.id])
            // The first one's late answer is not recorded over the second's claim; the second's is.
            let late = try await first.record([WebhookDeliverer.Answer(claim: claimed[0], status: 200)])
            #expect(late.map(\.result) == [.leaseLost])
            #expect(try await environment.state(of: app)?.claimOwner == second.owner)
            let recorded = try await second.record([WebhookDeliverer.Answer(claim: reclaimed[0], status: 204)])
            #expect(recorded.map(\.result) == [.delivered])
            let state = try #require(try await environment.state(of: app))
            #expect(state.pendingEventId == nil && state.claimOwner == nil && state.attempts == 0)
            #expect(try await second.claim(at: environment.clock.now()).claims.isEmpty)
        },
        ContractCase("an app's next event waits until the one before is delivered") { environment in
            let app = try await environment.app(webhook: "https://movienight.example/hooks")
            let first = try await environment.emit()
            let second = try await environment.emit("account.deleted")
            let sender = RecordingWebhookSender([500, nil, 503, 200, 200])
            let deliverer = environment.deliverer(sending: sender)
            var results: [WebhookReport.Result] = []
            for pause in [0, 30, 60, 120, 0] as [TimeInterval] {
                environment.clock.advance(by: pause)
                results += try await deliverer.deliverDue().attempts.map(\.result)
            }
            #expect(results == [.retried, .retried, .retried, .delivered, .delivered])
            #expect(await sender.eventIds == [first, first, first, first, second])
            let state = try #require(try await environment.state(of: app))
            #expect(state.pendingEventId == nil)
            environment.clock.advance(by: 3_600)
            #expect(try await deliverer.deliverDue().attempts.isEmpty)
        },
        ContractCase("one pass sends an app's waiting events in order, and stops at the first not delivered") {
            environment in
            let app = try await environment.app(webhook: "https://movienight.example/hooks")
            var ids: [String] = []
            for _ in 0..<5 { ids.append(try await environment.emit()) }
            let sender = RecordingWebhookSender([200, 200, 500])
            let deliverer = environment.deliverer(sending: sender)
            let first = try await deliverer.deliverDue().attempts
            #expect(first.map(\.eventId) == Array(ids[0..<3]))
            #expect(first.map(\.result) == [.delivered, .delivered, .retried])
            let state = try #require(try await environment.state(of: app))
            // The failed one waits its first pause, as it would had it been the pass's only event.
            #expect(state.pendingEventId == ids[2] && state.attempts == 1 && state.claimOwner == nil)
            #expect(state.firstFailureAt == environment.clock.now())
            #expect(try await deliverer.deliverDue().attempts.isEmpty)
            environment.clock.advance(by: 30)
            let second = try await deliverer.deliverDue().attempts
            #expect(second.map(\.eventId) == Array(ids[2...]) && second.allSatisfy { $0.result == .delivered })
            #expect(await sender.eventIds == Array(ids[0...2]) + Array(ids[2...]))
            #expect(try await deliverer.deliverDue().attempts.isEmpty)
        },
        ContractCase("a pass before the pause is over sends nothing") { environment in
            _ = try await environment.app(webhook: "https://movienight.example/hooks")
            try await environment.emit()
            let sender = RecordingWebhookSender([500])
            let deliverer = environment.deliverer(sending: sender)
            _ = try await deliverer.deliverDue()
            environment.clock.advance(by: 29)
            #expect(try await deliverer.deliverDue().attempts.isEmpty)
            environment.clock.advance(by: 1)
            #expect(try await deliverer.deliverDue().attempts.map(\.result) == [.delivered])
            #expect(await sender.requests.count == 2)
        },
        ContractCase("an event failing for 3 days is given up, and the app's next one follows") { environment in
            let app = try await environment.app(webhook: "https://movienight.example/hooks")
            let first = try await environment.emit()
            let second = try await environment.emit("account.deleted")
            let sender = RecordingWebhookSender(otherwise: 500)
            let deliverer = environment.deliverer(sending: sender)
            let started = environment.clock.now()
            var results: [WebhookReport.Result] = []
            while !results.contains(.givenUp), results.count < 200 {
                results += try await deliverer.deliverDue().attempts.map(\.result)
                if let next = try await environment.state(of: app)?.nextAttemptAt { environment.clock.set(next) }
            }
            #expect(results.last == .givenUp)
            #expect(results.dropLast().allSatisfy { $0 == .retried })
            let gaveUpAfter = environment.clock.now().timeIntervalSince(started)
            #expect(gaveUpAfter <= 3 * 86_400 && gaveUpAfter > 3 * 86_400 - 3_600)
            // 30 s doubling to the hour: tries at 0, 30, 90, 210, 450, 930, 1890 and 3810 s, then hourly from 7410 s;
            // the try at 255810 s fails with no hour left before 3 days: 78 tries.
            #expect(await sender.requests.count == 78)
            #expect(Set(await sender.eventIds) == [first])
            let next = try await deliverer.deliverDue()
            #expect(next.attempts.map(\.eventId) == [second])
        },
        ContractCase("a 410 disables the app's webhook until its URL changes; other apps go on") { environment in
            let gone = try await environment.app("Gone", webhook: "https://gone.example/hooks")
            let live = try await environment.app("Live", webhook: "https://live.example/hooks")
            _ = try await environment.app("Pulls only")
            try await environment.emit()
            try await environment.emit()
            let sender = RecordingWebhookSender()
            let goneSender = RecordingWebhookSender([410])
            let routed = RoutingWebhookSender(["https://gone.example/hooks": goneSender], otherwise: sender)
            let deliverer = environment.deliverer(sending: routed)
            let results = try await deliverer.deliverDue().attempts
            #expect(Set(results.map(\.result)) == [.disabled, .delivered])
            for _ in 0..<3 {
                environment.clock.advance(by: 3_600)
                _ = try await deliverer.deliverDue()
            }
            #expect(await goneSender.requests.count == 1)
            #expect(await sender.requests.count == 2)
            let state = try #require(try await environment.state(of: gone))
            #expect(state.disabledURL == "https://gone.example/hooks" && state.disabledAt != nil)
            #expect(try await environment.state(of: live)?.disabledURL == nil)
            // The operator sees it in `apps list`, and turns it on again: the refused event is sent first.
            let notes = try await environment.deliveries.notes(for: try await environment.base.tokens.apps())
            #expect(Array(notes.keys) == [gone.app.id])
            #expect(notes[gone.app.id]?.hasPrefix("webhook disabled: it answered 410 at ") == true)
            #expect(try await environment.deliveries.enable(appId: gone.app.id))
            #expect(try await environment.deliveries.enable(appId: gone.app.id) == false)
            await #expect(throws: TokensError.appNotFound("no-such-app")) {
                try await environment.deliveries.enable(appId: "no-such-app")
            }
            // One pass sends the app both its events again, in order.
            let again = try await deliverer.deliverDue().attempts
            #expect(
                again.map(\.appId) == [gone.app.id, gone.app.id] && again.map(\.result) == [.delivered, .delivered])
            #expect(await goneSender.requests.count == 3)
            let goneIds = await goneSender.eventIds
            #expect(goneIds[0] == goneIds[1])
        },
        ContractCase("an app gets only the events written since it was registered") { environment in
            try await environment.emit()
            environment.clock.advance(by: 1)
            _ = try await environment.app(webhook: "https://movienight.example/hooks")
            let after = try await environment.emit("account.deleted")
            let sender = RecordingWebhookSender()
            _ = try await environment.deliverer(sending: sender).deliverDue()
            #expect(await sender.eventIds == [after])
        },
        ContractCase("the oldest pending event's time is reported, and none once all are delivered") { environment in
            _ = try await environment.app(webhook: "https://movienight.example/hooks")
            try await environment.emit()
            environment.clock.advance(by: 90)
            let deliverer = environment.deliverer(sending: RecordingWebhookSender([500]))
            #expect(try await deliverer.deliverDue().oldestPendingAge == 90)
            environment.clock.advance(by: 30)
            #expect(try await deliverer.deliverDue().oldestPendingAge == 120)
            #expect(try await deliverer.deliverDue().oldestPendingAge == nil)
        },
    ]
}

/// Sends to the sender named for the request's URL, else to `otherwise`.
public struct RoutingWebhookSender: WebhookSender {
    let senders: [String: RecordingWebhookSender]
    let otherwise: RecordingWebhookSender

    public init(_ senders: [String: RecordingWebhookSender], otherwise: RecordingWebhookSender) {
        self.senders = senders
        self.otherwise = otherwise
    }

    public func send(_ request: WebhookRequest) async throws -> Int {
        try await (senders[request.url] ?? otherwise).send(request)
    }
}
