import Console
import Events
import EventsCommands
import EventsTesting
import Foundation
import Kernel
import Testing

@Suite("kith events")
struct EventsCommandTests {
    static func run(_ plugin: EventsPlugin, _ words: [String]) async throws -> String {
        let (command, arguments) = try CommandRegistry(plugins: [plugin]).resolve(words)
        return try await command.run(arguments, CommandContext(errors: CapturedText())).text
    }

    static func events(_ text: String) throws -> [Event] {
        try text.split(separator: "\n").map { try KithJSON.decoder().decode(Event.self, from: Data($0.utf8)) }
    }

    @Test("prints the file's events as JSON lines, after a cursor when given; a malformed cursor is refused")
    func lines() async throws {
        let environment = EventsContractEnvironment.inMemory()
        let first = try await environment.emit(accountId: "account-0")
        let second = try await environment.emit("account.deleted", accountId: "account-1")
        let plugin = EventsPlugin(log: LocalEventLog(store: NarrowedStore(environment.base.identityStore) { $0 }))
        let all = try Self.events(try await Self.run(plugin, ["events"]))
        #expect(all.map(\.id) == [first, second])
        #expect(all.map(\.type) == ["account.updated", "account.deleted"])
        #expect(all.map(\.subject.accountId) == ["account-0", "account-1"])
        let after = try await Self.run(plugin, ["events", "--after", all[0].cursor.description])
        #expect(try Self.events(after).map(\.id) == [second])
        #expect(try await Self.run(plugin, ["events", "--after", all[1].cursor.description]).isEmpty)
        await #expect(throws: EventsError.malformedCursor("abc")) {
            try await Self.run(plugin, ["events", "--after", "abc"])
        }
    }

    @Test("--follow writes each event as it is written, until interrupted")
    func follow() async throws {
        let environment = EventsContractEnvironment.inMemory()
        let first = try await environment.emit()
        let output = CapturedText()
        let seen = Seen()
        let plugin = EventsPlugin(
            log: LocalEventLog(store: NarrowedStore(environment.base.identityStore) { $0 }), output: output,
            pause: .milliseconds(1)
        ) { _ in
            let count = seen.pauses.withLock { pauses in
                pauses += 1
                return pauses
            }
            if count == 2 { _ = try await environment.emit("account.deleted") }
            if count == 4 { throw CancellationError() }
        }
        await #expect(throws: CancellationError.self) { try await Self.run(plugin, ["events", "--follow"]) }
        let followed = try Self.events(output.text)
        #expect(followed.count == 2)
        #expect(followed.first?.id == first)
        #expect(followed.last?.type == "account.deleted")
    }

    @Test("over --remote it says the feed is read by an app's backend with GET /api/events")
    func remote() async throws {
        let refusal = await #expect(throws: EventsCommandError.self) {
            try await Self.run(EventsPlugin(log: nil), ["events"])
        }
        #expect(refusal?.description.contains("GET /api/events") == true)
        #expect(refusal?.description.contains("id and secret") == true)
    }
}
