import Events
import EventsFeature
import EventsHTTP
import Foundation
import KithComposition
import KithServer
import Networking

extension ServerFeature {
    /// The event feed for registered apps (`GET /api/events`), and in the background the log's retention (at start
    /// and hourly) and webhook delivery (every second, over libcurl with a 10-second timeout).
    public static let events = ServerFeature(
        .events,
        routes: { context in
            EventsRoutes(feed: try context.services.require((any EventFeed).self, by: "events")).add(to: context.router)
        },
        openAPI: OpenAPIPart(contentsOf: Bundle.module.url(forResource: "openapi", withExtension: "json")),
        commands: EventsOperatorCommands.commands,
        background: { context in
            let retention = try context.services.require(EventRetention.self, by: "events")
            let deliveries = try context.services.require(WebhookDeliveries.self, by: "events")
            let sender = HTTPWebhookSender(
                client: CurlHTTPClient(
                    configuration: .init(timeout: WebhookDeliverer.timeout, followRedirects: false)))
            return [
                RetentionService(retention: retention, logger: context.logger),
                WebhookService(
                    deliverer: deliveries.deliverer(sending: sender), metrics: context.metrics, logger: context.logger),
            ]
        })
}
