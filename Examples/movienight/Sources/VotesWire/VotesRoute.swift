import IdentityWire
import Kernel

/// The voting routes: the caller's (the account's, or the managed member's named by `X-Acting-As-Member`), in
/// its account's active household.
public enum VotesRoute {
    /// Every title's tally; `?title=TITLE` for one title's.
    public static let votes = WireRoute("GET", "/api/votes")
    /// A thumb up or down (`VoteBody`).
    public static let vote = WireRoute("POST", "/api/votes")
    /// A rating from 1 to 5 (`RatingBody`).
    public static let rating = WireRoute("POST", "/api/votes/rating")

    /// Every route of the feature.
    public static let routes = [votes, vote, rating]

    /// The query of `votes` for one title, or none.
    public static func query(title: String?) -> String { WireRoute.query(["title": title]) }
}
