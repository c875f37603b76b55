import Foundation
import Kernel

/// The events Votes writes (DOMAIN.md "Events": each plugged feature's own), declared once: the Votes feature passes
/// `all` as its `events`, and the rules emit through these constants.
///
/// Thin, by rule: never the title, the thumb or the rating, only which of the two was cast.
public enum VotesEvents {
    /// Subject `accountId` (the account that cast it: itself, or the guardian acting), `memberId` (whose ballot: the
    /// account's own id, or the managed member acted as) and `householdId`; `data.kind`: `vote` (a thumb) or `rating`.
    /// Written only when the ballot changed: the same thumb or rating again writes none.
    public static let cast = EventType("votes.cast", "A member voted or rated a title in its household.")

    /// Every type above.
    public static let all: [EventType] = [cast]
}
