import Console
import Votes
import VotesWire

/// `vote TITLE up|down`.
enum VoteCommand {
    static func make(_ plugin: VotesPlugin) -> Command {
        Command(
            "vote", summary: "Give a title a thumb up or down, as yourself or the member you act as",
            arguments: [
                VotesText.titleArgument,
                Argument("VOTE", "up or down", choices: VoteChoice.allCases.map(\.rawValue)),
            ],
            details: "Voting again on the same title (in any case) replaces your thumb; your rating stays."
        ) { arguments, context in
            guard let choice = try arguments.choice(arguments.argument("VOTE"), as: VoteChoice.self, label: "VOTE")
            else { throw UsageError("VOTE is required") }
            let principal = try await plugin.principals.requirePrincipal()
            let result = try await plugin.service.vote(principal, title: arguments.argument("TITLE"), choice)
            return .value(
                VoteResultJSON(result),
                text: VotesText.render(
                    result, banner: "Voting", headline: "Voted \(choice.rawValue) on \(result.tally.title).", context))
        }
    }
}
