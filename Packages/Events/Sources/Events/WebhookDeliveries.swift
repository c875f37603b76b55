import Foundation
import Kernel
import Tokens

/// What a server needs to deliver webhooks, bar the sender: the feature provides it, and the server, which owns the
/// HTTP client, makes its `WebhookDeliverer` from it.
public struct WebhookDeliveries: Sendable {
    let store: any EventsStore
    let clock: any WallClock
    let random: any RandomSource
    let sealingKey: SealingKey?

    public init(store: any EventsStore, clock: any WallClock, random: any RandomSource, sealingKey: SealingKey?) {
        self.store = store
        self.clock = clock
        self.random = random
        self.sealingKey = sealingKey
    }

    /// A deliverer of its own (its own claim owner) sending through `sender`.
    public func deliverer(sending sender: any WebhookSender, schedule: WebhookSchedule = .standard) -> WebhookDeliverer
    {
        WebhookDeliverer(
            store: store, clock: clock, random: random, sender: sender, sealingKey: sealingKey, schedule: schedule)
    }
}

extension WebhookDeliveries: AppNotes {
    /// "webhook disabled ..." for each app whose receiver answered 410 at its current URL.
    public func notes(for apps: [RegisteredApp]) async throws -> [String: String] {
        let states = try await store.read { events, _, _ in try events.webhookStates() }
        var notes: [String: String] = [:]
        for app in apps {
            guard let url = app.webhookURL, let state = states.first(where: { $0.appId == app.id }),
                state.disabledURL == url
            else { continue }
            let when = state.disabledAt.map { " at \($0.formatted(.iso8601))" } ?? ""
            notes[app.id] =
                "webhook disabled: it answered 410\(when); kith-server webhooks enable \(app.id) turns it on again"
        }
        return notes
    }

    /// Turns the app's webhook on again after a 410, from the event it was refused; false when it was not disabled.
    /// `TokensError.appNotFound` for an unknown app.
    public func enable(appId: String) async throws -> Bool {
        let id = appId.trimmingWhitespace()
        return try await store.write { events, tokens, _ in
            guard try tokens.app(id: id) != nil else { throw TokensError.appNotFound(id) }
            guard var state = try events.webhookState(appId: id), state.disabledURL != nil else { return false }
            state.disabledURL = nil
            state.disabledAt = nil
            try events.saveWebhookState(state)
            return true
        }
    }
}
