import IdentityWire
import Kernel
import Votes

/// Votes' refusals on the wire: a refused acting member is DOMAIN.md's fixed acting-as body (403 `forbidden`, as
/// Preferences and the server's own check of `X-Acting-As-Member` send it); no active household 404, as Identity's;
/// a title or rating that breaks the rules 400.
extension VotesError: WireCodedError {
    public var wire: WireErrorCase {
        switch self {
        case .notAvailable: WireErrorCase(ServerErrorCode.forbidden.rawValue, status: 403)
        case .noActiveHousehold: WireErrorCase("votes.no_active_household", status: 404)
        case .emptyTitle: WireErrorCase("votes.empty_title", status: 400)
        case .titleTooLong:
            WireErrorCase("votes.title_too_long", status: 400, details: .init(maxLength: VoteRules.titleMaxLength))
        case .titleControlCharacter: WireErrorCase("votes.title_control_character", status: 400)
        case .invalidRating: WireErrorCase("votes.invalid_rating", status: 400)
        }
    }

    public init?(wireCode code: String, details: WireErrorDetails) {
        guard let error = Self.plain(code, among: Self.carryNothing) else { return nil }
        self = error
    }

    /// Every case: none carries a value it needs read back (`titleTooLong`'s limit is the rules' constant).
    static let carryNothing: [VotesError] = [
        .notAvailable, .noActiveHousehold, .emptyTitle, .titleTooLong, .titleControlCharacter, .invalidRating,
    ]
}
