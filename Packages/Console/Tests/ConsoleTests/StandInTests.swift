import Synchronization
import Testing

@testable import Console

/// A command that stands in for another feature's command of its name while a condition holds (CLI.md's `requests`:
/// the member's approval requests while acting, Circles' inbox otherwise): one command in the registry, which runs
/// one or the other; two commands of one name without a stand-in are still refused.
@Suite("Commands standing in for another of their name")
struct StandInTests {
    final class Switch: Sendable {
        let on = Atomic<Bool>(false)
    }

    private func command(_ text: String) -> Command {
        Command("requests", summary: text, options: [Option(text, "an option of \(text)")]) { _, _ in .message(text) }
    }

    private func run(_ registry: CommandRegistry) async throws -> String {
        let command = try #require(registry.command(named: "requests"))
        let context = CommandContext(interaction: NoInteraction(), errors: CapturedText())
        return try await command.run(ParsedArguments(positionals: [:], options: [:]), context).text
    }

    @Test(arguments: [false, true])
    func oneCommandRunsTheStandInWhileItsConditionHolds(standInFirst: Bool) async throws {
        let acting = Switch()
        let inbox = command("inbox")
        let approvals = command("approvals").standingIn { acting.on.load(ordering: .relaxed) }
        var registry = CommandRegistry()
        let order =
            standInFirst
            ? [("identity", approvals), ("circles", inbox)] : [("circles", inbox), ("identity", approvals)]
        for (feature, command) in order { try registry.register(command, feature: feature) }
        #expect(registry.commands.count == 1)
        #expect(try await run(registry) == "inbox")
        acting.on.store(true, ordering: .relaxed)
        #expect(try await run(registry) == "approvals")
        // Both commands' options are offered, the other command's first.
        #expect(registry.command(named: "requests")?.options.map(\.name) == ["inbox", "approvals"])
    }

    @Test func twoCommandsOfOneNameWithoutAStandInAreStillRefused() throws {
        var registry = CommandRegistry()
        try registry.register(command("inbox"), feature: "circles")
        #expect(throws: UsageError("The features circles and identity both register the command `requests`")) {
            try registry.register(command("approvals"), feature: "identity")
        }
    }
}
