import Accounts
import Console
import Foundation
import Votes

/// Human renderings shared by the votes commands.
enum VotesText {
    /// `1 to 5`, from the rules' range.
    static var ratingRange: String { "\(VoteRules.ratings.lowerBound) to \(VoteRules.ratings.upperBound)" }

    /// The TITLE argument of `vote` and `rate`.
    static var titleArgument: Argument {
        Argument("TITLE", "the title, as one word or quoted (at most \(VoteRules.titleMaxLength) characters)")
    }

    /// "Voting as NAME." while acting, else nil: the seed's banner (and, for ratings, its pill).
    static func banner(_ verb: String, _ actingAs: ActingAs?, style: Style) -> String? {
        actingAs.map { style.accent("\(verb) as \($0.displayName).") }
    }

    /// The banner (while acting), `headline`, then the title's tally.
    static func render(_ result: VoteResult, banner verb: String, headline: String, _ context: CommandContext)
        -> String
    {
        var lines: [String] = []
        if let banner = banner(verb, result.actingAs, style: context.style) { lines.append(banner) }
        lines.append(headline)
        lines.append(table([result.tally]).render(style: context.style))
        return lines.joined(separator: "\n")
    }

    /// The banner (while acting), the household, then one row per title; a hint when there is none.
    static func render(_ votes: HouseholdVotes, _ context: CommandContext) -> String {
        var lines: [String] = []
        if let banner = banner("Voting", votes.actingAs, style: context.style) { lines.append(banner) }
        let noun = votes.members == 1 ? "member" : "members"
        lines.append("\(votes.householdName) (\(votes.members) \(noun))")
        if votes.titles.isEmpty {
            let choices = VoteChoice.allCases.map(\.rawValue).joined(separator: "|")
            lines.append("No votes yet. Vote with `vote TITLE \(choices)` or rate with `rate TITLE \(ratingRange)`.")
        } else {
            lines.append(table(votes.titles).render(style: context.style))
        }
        return lines.joined(separator: "\n")
    }

    /// TITLE, UP, DOWN, RATING (the mean and how many rated), VOTED ("X of Y voted"), YOURS (your thumb and rating).
    static func table(_ tallies: [TitleTally]) -> Table {
        var table = Table(
            headers: ["TITLE", "UP", "DOWN", "RATING", "VOTED", "YOURS"], rightAligned: [1, 2], truncated: [0])
        for tally in tallies {
            table.append([
                tally.title, "\(tally.up)", "\(tally.down)", rating(tally), tally.progress, yours(tally),
            ])
        }
        return table
    }

    /// `4.5 (2)`: the mean to one decimal and how many rated; `-` when nobody did.
    static func rating(_ tally: TitleTally) -> String {
        guard let average = tally.averageRating else { return "-" }
        return String(format: "%.1f", average) + " (\(tally.ratingCount))"
    }

    /// `up, 4`, `down`, `4`, or `-`.
    static func yours(_ tally: TitleTally) -> String {
        let parts = [tally.myVote?.rawValue, tally.myRating.map(String.init)].compactMap { $0 }
        return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }
}
