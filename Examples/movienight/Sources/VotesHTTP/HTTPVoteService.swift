import Accounts
import Foundation
import IdentityHTTP
import Networking
import Votes
import VotesWire

/// `VoteService` over a server (`VotesRoute`): the server decides the rules.
///
/// A title or rating that breaks `VoteRules` is refused here with the rules' own sentence, before anything goes over
/// the network. Each request carries the principal's bearer token (from `token`) and, while acting,
/// `X-Acting-As-Member`; the server then votes as the member and records the vote as done while acting. A refused
/// `X-Acting-As-Member` comes back as `VotesError.notAvailable`.
public struct HTTPVoteService: VoteService {
    let requests: PrincipalClient<Principal>

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        requests = PrincipalClient(client: client, token: token, errors: [VotesError.self])
    }

    public func vote(_ principal: Principal, title: String, _ choice: VoteChoice) async throws -> VoteResult {
        let title = try VoteRules.title(title)
        let json: VoteResultJSON = try await requests.send(
            VotesRoute.vote, as: principal, body: VoteBody(title: title.text, vote: choice.rawValue))
        return json.result
    }

    public func rate(_ principal: Principal, title: String, rating: Int) async throws -> VoteResult {
        let title = try VoteRules.title(title)
        try VoteRules.checkRating(rating)
        let json: VoteResultJSON = try await requests.send(
            VotesRoute.rating, as: principal, body: RatingBody(title: title.text, rating: rating))
        return json.result
    }

    public func votes(_ principal: Principal, title: String?) async throws -> HouseholdVotes {
        let title = try title.map { try VoteRules.title($0) }
        let json: HouseholdVotesJSON = try await requests.send(
            VotesRoute.votes, as: principal, query: VotesRoute.query(title: title?.text))
        return json.votes
    }
}
