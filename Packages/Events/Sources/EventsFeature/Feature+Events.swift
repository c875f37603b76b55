import Events
import EventsSQL
import IdentitySQL
import KithComposition
import Storage
import Tokens

extension Feature {
    /// The event feed for registered apps, retention of the log, and webhook delivery. Provides `any EventFeed`,
    /// `EventRetention`, `LocalEventLog` (what `kith events` reads) and `WebhookDeliveries` (what a server sends
    /// with); its store spans Tokens' tables (the apps), so it comes after Tokens in a list.
    public static let events = Feature(
        name: "events", migrations: EventsMigrations.all,
        local: { context, services in
            let options = context.options
            let retention = options.eventRetention ?? FeedRules.defaultRetention
            let store = SQLStore(eventsOn: context.database)
            services.provide(
                LocalEventFeed(store: store, clock: options.clock, retention: retention), as: (any EventFeed).self)
            services.provide(
                EventRetention(
                    store: SQLStore(eventLogOn: context.database), clock: options.clock, retention: retention),
                as: EventRetention.self)
            services.provide(
                LocalEventLog(store: SQLStore(eventLogOn: context.database), retention: retention),
                as: LocalEventLog.self)
            let deliveries = WebhookDeliveries(
                store: store, clock: options.clock, random: options.random, sealingKey: options.sealingKey)
            services.provide(deliveries, as: WebhookDeliveries.self)
            // `kith-server apps list` says which webhooks a 410 turned off.
            services.provide(deliveries, as: (any AppNotes).self)
        })
}
