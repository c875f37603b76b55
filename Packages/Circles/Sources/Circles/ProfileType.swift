/// What a profile is: the account's primary, or a shadow of one of three types.
public enum ProfileType: String, Sendable, Codable, CaseIterable, Hashable {
    case primary
    case professional
    case personal
    case anonymous

    /// The types a shadow may have.
    public static let shadowTypes: [ProfileType] = [.professional, .personal, .anonymous]
}
