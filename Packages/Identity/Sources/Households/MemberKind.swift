/// Whether a household member is an account (`independent`) or a person without a login (`managed`).
public enum MemberKind: String, Sendable, Codable, CaseIterable, Hashable {
    case independent
    case managed
}
