import Console
import Votes
import VotesWire

/// `votes [TITLE]`.
enum VotesCommand {
    static func make(_ plugin: VotesPlugin) -> Command {
        Command(
            "votes", summary: "Show each title of your household with its votes, ratings and who voted",
            arguments: [
                Argument(
                    "TITLE", "only this title (at most \(VoteRules.titleMaxLength) characters)", count: .optional)
            ]
        ) { arguments, context in
            let principal = try await plugin.principals.requirePrincipal()
            let votes = try await plugin.service.votes(principal, title: arguments.optionalArgument("TITLE"))
            return .value(HouseholdVotesJSON(votes), text: VotesText.render(votes, context))
        }
    }
}
