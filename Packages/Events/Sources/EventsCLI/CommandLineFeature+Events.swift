import Events
import EventsCommands
import EventsFeature
import KithCLI
import KithComposition

extension CommandLineFeature {
    /// `events [--after CURSOR] [--follow]` over the local file. With `--remote` there is no local log: the command
    /// says the feed is read by an app's backend with its id and secret (`GET /api/events`).
    public static let events = CommandLineFeature(
        .events,
        plugin: { context in EventsPlugin(log: context.services[LocalEventLog.self]) })
}
