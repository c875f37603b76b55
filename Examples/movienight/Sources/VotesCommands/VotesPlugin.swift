import Accounts
import Console
import Votes

/// The Votes feature's commands: `vote TITLE up|down`, `rate TITLE 1-5`, `votes [TITLE]`.
///
/// The principal comes from `principals` (the ProfileSession manager in the app), so while acting the commands
/// vote and rate as the managed member, and say so ("Voting as Max.").
public struct VotesPlugin: Plugin {
    let service: any VoteService
    let principals: any PrincipalSource

    /// Commands over `service`, for whoever `principals` says is calling.
    public init(service: any VoteService, principals: any PrincipalSource) {
        self.service = service
        self.principals = principals
    }

    public var name: String { "votes" }

    public var commands: [Command] {
        [VoteCommand.make(self), RateCommand.make(self), VotesCommand.make(self)]
    }
}
