import FamilyCodesCLI
import KithCLI
import KithComposition
import MovieNightFeatures
import Preferences
import PreferencesCLI
import Votes
import VotesCommands
import VotesHTTP

extension CommandLineFeature {
    /// `vote`, `rate` and `votes`, over the rules here or a `movienight-server` (`--remote`).
    public static let votes = CommandLineFeature(
        .votes,
        remote: { context, services in
            services.provide(HTTPVoteService(client: context.client, token: context.token), as: (any VoteService).self)
        },
        plugin: { context in
            VotesPlugin(
                service: try context.services.require((any VoteService).self, by: "votes"),
                principals: context.session)
        })

    /// Movie night's theme rule over Kith's preferences service, here and over HTTP alike.
    public static let darkByDefault = CommandLineFeature(
        .darkByDefault,
        remote: { _, services in try DarkByDefaultPreferences.swap(into: &services) })
}

extension KithApp {
    /// `movienight`: Kith's accounts and households, acting as a member, preferences and family codes (how a second
    /// grown-up joins the household), with movie night's votes and theme rule.
    public static func movienight() throws(CompositionError) -> KithApp {
        try KithApp(
            name: "movienight", version: "0.1.0",
            features: [.identity, .profileSession, .preferences, .familyCodes, .darkByDefault, .votes])
    }
}
