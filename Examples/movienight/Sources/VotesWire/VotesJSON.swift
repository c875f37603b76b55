import Accounts
import Foundation
import Votes

/// One title's tally: in `HouseholdVotesJSON` and `VoteResultJSON`, and in `votes --json`.
public struct TitleTallyJSON: Codable, Sendable, Equatable {
    public var title: String
    public var up: Int
    public var down: Int
    public var ratingCount: Int
    public var ratingTotal: Int
    /// The mean rating; absent when nobody rated the title.
    public var averageRating: Double?
    /// X and Y of "X of Y voted".
    public var voted: Int
    public var members: Int
    /// The caller's own vote (`up`, `down`) and rating, when it has them.
    public var myVote: String?
    public var myRating: Int?

    public init(_ tally: TitleTally) {
        title = tally.title
        up = tally.up
        down = tally.down
        ratingCount = tally.ratingCount
        ratingTotal = tally.ratingTotal
        averageRating = tally.averageRating
        voted = tally.voted
        members = tally.members
        myVote = tally.myVote?.rawValue
        myRating = tally.myRating
    }

    /// The tally again; an unknown vote reads as none.
    public var tally: TitleTally {
        TitleTally(
            title: title, up: up, down: down, ratingCount: ratingCount, ratingTotal: ratingTotal, voted: voted,
            members: members, myVote: myVote.flatMap(VoteChoice.init(rawValue:)), myRating: myRating)
    }
}

/// One member's ballot on a title: in `VoteResultJSON`.
public struct BallotJSON: Codable, Sendable, Equatable {
    public var householdId: String
    public var memberId: String
    public var title: String
    /// `up` or `down`; absent when the member only rated the title.
    public var vote: String?
    /// 1-5; absent when the member only voted.
    public var rating: Int?
    public var votedAt: Date
    public var updatedAt: Date

    public init(_ ballot: Ballot) {
        householdId = ballot.householdId
        memberId = ballot.memberId
        title = ballot.title
        vote = ballot.vote?.rawValue
        rating = ballot.rating
        votedAt = ballot.votedAt
        updatedAt = ballot.updatedAt
    }

    /// The ballot again (its key from its title); an unknown vote reads as none.
    public var ballot: Ballot {
        Ballot(
            householdId: householdId, memberId: memberId, title: title, titleKey: MovieTitle.key(of: title),
            vote: vote.flatMap(VoteChoice.init(rawValue:)), rating: rating, votedAt: votedAt, updatedAt: updatedAt)
    }
}

/// `GET /api/votes` and `votes --json`: the active household's titles with their tallies.
public struct HouseholdVotesJSON: Codable, Sendable, Equatable {
    public var householdId: String
    public var householdName: String
    /// The member the `my` fields are about.
    public var memberId: String
    /// The managed member acted as; absent for the account itself.
    public var actingAs: ActingAs?
    /// Every member of the household: Y of "X of Y voted".
    public var members: Int
    public var titles: [TitleTallyJSON]

    public init(_ votes: HouseholdVotes) {
        householdId = votes.householdId
        householdName = votes.householdName
        memberId = votes.memberId
        actingAs = votes.actingAs
        members = votes.members
        titles = votes.titles.map(TitleTallyJSON.init)
    }

    public var votes: HouseholdVotes {
        HouseholdVotes(
            householdId: householdId, householdName: householdName, memberId: memberId, actingAs: actingAs,
            members: members, titles: titles.map(\.tally))
    }
}

/// `POST /api/votes`, `POST /api/votes/rating`, and `vote --json`, `rate --json`: the member's ballot after the
/// change, the title's tally, and, while acting, whom the account voted as.
public struct VoteResultJSON: Codable, Sendable, Equatable {
    public var ballot: BallotJSON
    public var tally: TitleTallyJSON
    /// The managed member voted as; absent for the account itself.
    public var actingAs: ActingAs?

    public init(_ result: VoteResult) {
        ballot = BallotJSON(result.ballot)
        tally = TitleTallyJSON(result.tally)
        actingAs = result.actingAs
    }

    public var result: VoteResult { VoteResult(ballot: ballot.ballot, tally: tally.tally, actingAs: actingAs) }
}
