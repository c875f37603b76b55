/// How one join attempt ended, as the usage log records it.
public enum FamilyCodeAttemptResult: String, Sendable, Codable, CaseIterable, Hashable {
    case joined
    case notFound = "not_found"
    case alreadyMember = "already_member"
    case full
    case rateLimited = "rate_limited"
    /// A live code past its expiry or out of uses.
    case expired
}
