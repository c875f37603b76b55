import Events
import EventsWire
import Foundation
import Hummingbird
import KithServer
import Tokens
import TokensServer

/// The event feed over HTTP for a registered app (HTTP Basic, as introspection): `GET /api/events?after=&limit=&wait=`.
/// Thin: every rule is `EventFeed`'s and `FeedRules`'.
///
/// Nothing here logs: the request log names the route and status only, never the Basic credentials.
struct EventsRoutes: Sendable {
    let feed: any EventFeed

    func add(to router: Router<KithRequestContext>) {
        // Under `/api/` but beside the bearer group: an app proves itself with its id and secret, not a session.
        router.on(EventsRoute.feed) { request, _ in
            try await TokensRoutes.asApp(request) { credentials in
                let after = try FeedRules.cursor(request.query("after"))
                let limit = try Self.number(request.query("limit"), name: "limit", range: FeedRules.limits)
                let wait = try Self.number(request.query("wait"), name: "wait", range: FeedRules.waits)
                let page = try await feed.page(
                    after: after, limit: limit ?? FeedRules.defaultLimit, wait: wait ?? 0, by: credentials)
                return try JSONCoding.response(EventPageJSON(page))
            }
        }
    }

    /// The whole number `text` spells; a 400 saying what it must be for anything else (a number out of `range` is
    /// the feed's own refusal).
    static func number(_ text: String?, name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let number = Int(text) else {
            throw APIError(
                .badRequest, code: .badRequest,
                message: "\(name) is a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
        }
        return number
    }
}
