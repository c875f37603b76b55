import Console
import Foundation
import Votes
import VotesWire

/// `rate TITLE 1-5`.
enum RateCommand {
    static func make(_ plugin: VotesPlugin) -> Command {
        Command(
            "rate", summary: "Rate a title from \(VotesText.ratingRange), as yourself or the member you act as",
            arguments: [VotesText.titleArgument, Argument("RATING", "a whole number from \(VotesText.ratingRange)")],
            details: "Rating again on the same title (in any case) replaces your rating; your thumb stays."
        ) { arguments, context in
            let text = arguments.argument("RATING")
            // Only a number that is not one is the command line's; a number outside the range is the rules'.
            guard let rating = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("RATING must be a whole number from \(VotesText.ratingRange), not \(text)")
            }
            let principal = try await plugin.principals.requirePrincipal()
            let result = try await plugin.service.rate(principal, title: arguments.argument("TITLE"), rating: rating)
            return .value(
                VoteResultJSON(result),
                text: VotesText.render(
                    result, banner: "Rating",
                    headline: "Rated \(result.tally.title) \(rating) of \(VoteRules.ratings.upperBound).", context))
        }
    }
}
