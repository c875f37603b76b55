import FamilyCodesServer
import Foundation
import KithComposition
import KithServer
import MovieNightFeatures
import PreferencesServer
import Votes
import VotesWire

extension ServerFeature {
    /// The voting routes (`VotesRoute`), for the caller or the member it acts as, and their OpenAPI part.
    public static let votes = ServerFeature(
        .votes,
        routes: { context in
            let votes = try context.services.require((any VoteService).self, by: "votes")
            context.api.signedIn(VotesRoute.votes) { principal, request, _ in
                HouseholdVotesJSON(try await votes.votes(principal, title: request.query("title")))
            }
            context.api.signedIn(VotesRoute.vote) { principal, request, context in
                let body = try await request.decodeJSON(VoteBody.self, context: context)
                let choice = try choice(body.vote, field: "vote", as: VoteChoice.self)
                return VoteResultJSON(try await votes.vote(principal, title: body.title, choice))
            }
            context.api.signedIn(VotesRoute.rating) { principal, request, context in
                let body = try await request.decodeJSON(RatingBody.self, context: context)
                return VoteResultJSON(try await votes.rate(principal, title: body.title, rating: body.rating))
            }
        },
        openAPI: OpenAPIPart(contentsOf: Bundle.module.url(forResource: "votes", withExtension: "json")))

    /// Movie night's theme rule over Kith's preferences service (`/api/preferences` answers `dark` for a theme nobody
    /// chose).
    public static let darkByDefault = ServerFeature(.darkByDefault)
}

extension ServerApp {
    /// `movienight-server`: the same features as `movienight`, over HTTP.
    public static func movienight() throws(CompositionError) -> ServerApp {
        try ServerApp(
            name: "movienight-server",
            features: [.identity, .profileSession, .preferences, .familyCodes, .darkByDefault, .votes],
            title: "Movie night server",
            description: "Kith's accounts, households, acting as a member and preferences, with movie night's votes.")
    }
}
