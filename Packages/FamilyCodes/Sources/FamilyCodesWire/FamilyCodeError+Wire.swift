import FamilyCodes
import IdentityWire
import Kernel

/// Family codes' refusals on the wire, with the seed's statuses: a malformed code 400, already a member 400, not
/// found 404, expired or used up 410, not a player or parent 403, rate limited 429 (with the wait in the details and `Retry-After`).
extension FamilyCodeError: WireCodedError {
    public var wire: WireErrorCase {
        switch self {
        case .invalidFormat: WireErrorCase("familyCodes.invalid_format", status: 400)
        case .notFound: WireErrorCase("familyCodes.not_found", status: 404)
        // The seed: joining a family one already belongs to is a 400.
        case .alreadyMember: WireErrorCase("familyCodes.already_member", status: 400)
        case .rateLimited(let waitMinutes, let retryAfterSeconds):
            WireErrorCase(
                "familyCodes.rate_limited", status: 429,
                details: .init(waitMinutes: waitMinutes, retryAfterSeconds: retryAfterSeconds))
        case .onlyPlayers: WireErrorCase("familyCodes.only_players", status: 403)
        case .onlyParentsJoin: WireErrorCase("familyCodes.only_parents_join", status: 403)
        case .onlyParentsLeave: WireErrorCase("familyCodes.only_parents_leave", status: 403)
        case .noUniqueCode: WireErrorCase("familyCodes.no_unique_code", status: 503)
        // The code existed and is no longer usable: gone, unlike a code that never was (404).
        case .expired: WireErrorCase("familyCodes.expired", status: 410)
        case .invalidLifetime: WireErrorCase("familyCodes.invalid_lifetime", status: 400)
        case .invalidMaxUses: WireErrorCase("familyCodes.invalid_max_uses", status: 400)
        }
    }

    public init?(wireCode code: String, details: WireErrorDetails) {
        if code == "familyCodes.rate_limited" {
            guard let waitMinutes = details.waitMinutes, let retryAfterSeconds = details.retryAfterSeconds else {
                return nil
            }
            self = .rateLimited(waitMinutes: waitMinutes, retryAfterSeconds: retryAfterSeconds)
        } else {
            guard let error = Self.plain(code, among: Self.carryNothing) else { return nil }
            self = error
        }
    }

    /// The cases that carry nothing: all but `rateLimited`.
    private static let carryNothing: [FamilyCodeError] = [
        .invalidFormat, .notFound, .alreadyMember, .onlyPlayers, .onlyParentsJoin, .onlyParentsLeave, .noUniqueCode,
        .expired, .invalidLifetime, .invalidMaxUses,
    ]
}
