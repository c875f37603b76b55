import Foundation
import Households

/// The voting rules as pure functions over values, shared by every `VoteService`: `LocalVoteService` applies them
/// inside its store's transactions, and `HTTPVoteService` checks titles and ratings with the same functions before
/// anything goes over the network, so both refuse with the same sentences.
public enum VoteRules {
    /// The longest title, in characters (grapheme clusters), once trimmed.
    public static let titleMaxLength = 100
    /// The ratings a member may give.
    public static let ratings = 1...5

    // MARK: - Input

    /// `raw` trimmed of whitespace and line breaks, as a title; refused when empty, longer than `titleMaxLength`
    /// characters, or holding a control character (a title is one line in every listing).
    ///
    /// Case is kept as typed; titles are compared case-insensitively through `MovieTitle.key`.
    public static func title(_ raw: String) throws(VotesError) -> MovieTitle {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw VotesError.emptyTitle }
        guard text.count <= titleMaxLength else { throw VotesError.titleTooLong }
        // Control characters only (Cc): format characters such as an emoji's zero-width joiner stay.
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw VotesError.titleControlCharacter
        }
        return MovieTitle(checked: text)
    }

    /// Refuses a rating outside `ratings`.
    public static func checkRating(_ rating: Int) throws(VotesError) {
        guard ratings.contains(rating) else { throw VotesError.invalidRating }
    }

    // MARK: - Counting

    /// How a household spells a title: as its earliest ballot on the title spells it (the first to name a title
    /// names it for everyone; a later vote in another case counts for the same title and renames nothing), else
    /// as `title` was typed.
    public static func spelling(of title: MovieTitle, among ballots: [Ballot]) -> String {
        ballots.filter { $0.titleKey == title.key }.min(by: earlier)?.title ?? title.text
    }

    /// The ballots of `household`'s current members only: a ballot left by a member no longer in the household
    /// (a store that keeps it) counts for nothing, so X of "X of Y voted" never exceeds Y.
    public static func current(_ ballots: [Ballot], in household: Household) -> [Ballot] {
        let members = Set(household.members.map(\.memberId))
        return ballots.filter { $0.householdId == household.id && members.contains($0.memberId) }
    }

    /// One tally per title among `ballots` (the household's), ordered by key then spelling: thumbs up and down,
    /// ratings inside `ratings` (others are not counted), the distinct members who voted or rated (X), the
    /// household's member count (Y), and `memberId`'s own vote and rating.
    public static func tallies(_ ballots: [Ballot], in household: Household, for memberId: String) -> [TitleTally] {
        let byKey = Dictionary(grouping: current(ballots, in: household), by: \.titleKey)
        return byKey.keys.sorted().compactMap { key in
            byKey[key].flatMap { tally(of: $0, members: household.members.count, for: memberId) }
        }
    }

    /// The tally of one title's ballots (all with one key), or nil when there are none.
    static func tally(of ballots: [Ballot], members: Int, for memberId: String) -> TitleTally? {
        guard let first = ballots.min(by: earlier) else { return nil }
        var tally = TitleTally(title: first.title, members: members)
        var voters: Set<String> = []
        for ballot in ballots {
            switch ballot.vote {
            case .up?: tally.up += 1
            case .down?: tally.down += 1
            case nil: break
            }
            if let rating = ballot.rating, ratings.contains(rating) {
                tally.ratingCount += 1
                tally.ratingTotal += rating
            }
            if ballot.vote != nil || ballot.rating.map(ratings.contains) == true { voters.insert(ballot.memberId) }
            if ballot.memberId == memberId {
                tally.myVote = ballot.vote
                tally.myRating = ballot.rating.flatMap { ratings.contains($0) ? $0 : nil }
            }
        }
        tally.voted = voters.count
        return tally
    }

    /// The tally of `title` in `household` from `ballots`; a title nobody voted on has zeros ("0 of Y voted"), and
    /// its spelling as typed.
    public static func tally(
        of title: MovieTitle, _ ballots: [Ballot], in household: Household, for memberId: String
    ) -> TitleTally {
        let mine = current(ballots, in: household).filter { $0.titleKey == title.key }
        return tally(of: mine, members: household.members.count, for: memberId)
            ?? TitleTally(title: title.text, members: household.members.count)
    }

    /// Which ballot came first: the earlier `votedAt`, then the member id, so every store agrees.
    static func earlier(_ left: Ballot, _ right: Ballot) -> Bool {
        (left.votedAt, left.memberId) < (right.votedAt, right.memberId)
    }
}
