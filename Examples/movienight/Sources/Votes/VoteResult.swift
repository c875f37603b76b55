import Accounts

/// What `vote` and `rate` answer: the member's ballot after the change, the title's tally after it, and, while
/// acting, the member acted as (so the command can say "Voting as Max.").
public struct VoteResult: Sendable, Hashable {
    public var ballot: Ballot
    public var tally: TitleTally
    /// The managed member the account voted as (its name as the household has it), or nil for the account itself.
    public var actingAs: ActingAs?

    /// Creates a value.
    public init(ballot: Ballot, tally: TitleTally, actingAs: ActingAs?) {
        self.ballot = ballot
        self.tally = tally
        self.actingAs = actingAs
    }
}
