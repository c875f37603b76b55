import Console
import Events
import Foundation
import Kernel

/// `events [--after CURSOR] [--follow]`: the local file's event log as JSON lines (one `Event` a line, as the feed and
/// webhooks write it), oldest first, as the command's output; `--follow` writes each to `output` as it is read and
/// keeps reading every `pause` until interrupted.
public struct EventsPlugin: Plugin {
    /// Nil over `--remote`: the feed is an app's, read with its id and secret, not a person's session.
    private let log: LocalEventLog?
    private let output: any TextSink
    private let pause: Duration
    private let sleep: @Sendable (Duration) async throws -> Void

    /// The command over `log`, printing to `output` as events are read (so `--follow` shows each as it comes).
    public init(
        log: LocalEventLog?, output: any TextSink = FileDescriptorSink.standardOutput, pause: Duration = .seconds(1),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.log = log
        self.output = output
        self.pause = pause
        self.sleep = sleep
    }

    public var name: String { "events" }

    /// What `events` says over `--remote`.
    public static let remoteRefusal =
        "The event feed is for an app's backend, with the app's id and secret: read it from the server with GET /api/events (HTTP Basic), not with --remote"

    public var commands: [Command] {
        [
            Command(
                "events", summary: "The file's events, one JSON object a line (--follow waits for more)",
                options: [
                    Option("after", value: "CURSOR", "only the events after this cursor (a printed event's cursor)"),
                    Option("follow", "keep waiting for more events, printing each as it comes"),
                ],
                details:
                    "Each line is {id, type, occurredAt, cursor, subject, data}, as apps get them. Events are kept 7 days by default; a cursor older than that is refused."
            ) { [log, output, pause, sleep] arguments, _ in
                guard let log else { throw EventsCommandError(description: Self.remoteRefusal) }
                var after = try FeedRules.cursor(arguments.option("after"))
                let follow = arguments.flag("follow")
                let encoder = KithJSON.encoder()
                if !follow {
                    // Printed as the command's output (one JSON value with --json: the array of the events).
                    var events: [Event] = []
                    while true {
                        let page = try await log.page(after: after, limit: FeedRules.limits.upperBound)
                        events += page.events
                        after = page.next
                        guard page.events.count == FeedRules.limits.upperBound else { break }
                    }
                    let lines = try events.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
                    return .value(events, text: lines.joined(separator: "\n"))
                }
                // Followed: each event written as it is read, until interrupted.
                while true {
                    let page = try await log.page(after: after, limit: FeedRules.limits.upperBound)
                    for event in page.events {
                        output.write(String(decoding: try encoder.encode(event), as: UTF8.self) + "\n")
                    }
                    after = page.next
                    if page.events.count == FeedRules.limits.upperBound { continue }
                    try Task.checkCancellation()
                    try await sleep(pause)
                }
            }
        ]
    }
}

/// A refusal of the `events` command that is neither the feed's nor the log's.
public struct EventsCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
}
