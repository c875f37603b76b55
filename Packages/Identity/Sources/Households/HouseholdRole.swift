/// A member's role in one household: the creator owns it, parents joined by family code, the rest are members.
public enum HouseholdRole: String, Sendable, Codable, CaseIterable, Hashable {
    case owner
    case parent
    case member
}
