/// What an account is in the product: families are run by players, parents join them by code.
public enum AccountRole: String, Sendable, Codable, CaseIterable, Hashable {
    case player
    case parent
    case member
}
