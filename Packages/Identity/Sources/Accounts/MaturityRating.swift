/// A content ceiling (DOMAIN.md "Maturity"): what a member may see, from `all-ages` to `18+`. Kith only keeps and
/// shows it; apps enforce it themselves.
public enum MaturityRating: String, Sendable, Codable, CaseIterable, Hashable, Comparable {
    case allAges = "all-ages"
    case sevenPlus = "7+"
    case thirteenPlus = "13+"
    case sixteenPlus = "16+"
    case eighteenPlus = "18+"

    /// A new managed member's ceiling.
    public static let newMember = MaturityRating.allAges
    /// An account's ceiling, unless it graduated from a managed member (which keeps the member's).
    public static let account = MaturityRating.eighteenPlus

    /// The youngest age the ceiling is meant for.
    public var minimumAge: Int {
        switch self {
        case .allAges: 0
        case .sevenPlus: 7
        case .thirteenPlus: 13
        case .sixteenPlus: 16
        case .eighteenPlus: 18
        }
    }

    /// The rating `text` names (as written: `all-ages`, `7+`, `13+`, `16+`, `18+`; trimmed, any case), or
    /// "Please choose a maturity rating: all-ages, 7+, 13+, 16+ or 18+".
    public static func parse(_ text: String) throws(IdentityError) -> MaturityRating {
        guard let rating = MaturityRating(rawValue: text.trimmingWhitespace().lowercased()) else {
            throw IdentityError.invalidMaturityRating
        }
        return rating
    }

    public static func < (lhs: MaturityRating, rhs: MaturityRating) -> Bool { lhs.minimumAge < rhs.minimumAge }
}
