/// Every refusal of the family-code rules; `description` is the sentence a user reads, word for word.
///
/// Identity's refusals (not signed in, the household cap, the last-guardian rule, references, acting)
/// pass through as `IdentityError`.
public enum FamilyCodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input, trimmed and upper-cased, is not `FAM-` and six of [A-Z0-9]. Not an attempt.
    case invalidFormat
    /// No live code equals the input (a regenerated code is no longer live).
    case notFound
    /// The parent already belongs to the family of this code.
    case alreadyMember
    /// The account's joins are locked: `waitMinutes` is the lockout, `retryAfterSeconds` what remains of it.
    case rateLimited(waitMinutes: Int, retryAfterSeconds: Int)
    /// Creating, regenerating, viewing the members or the log of a family code: players only.
    case onlyPlayers
    /// Joining: parents only.
    case onlyParentsJoin
    /// Leaving: parents only.
    case onlyParentsLeave
    /// The code is live but past its expiry or out of uses. An attempt: counted and logged as `expired`.
    case expired
    /// `--expires`: more than 30 days, or not a positive duration.
    case invalidLifetime
    /// `--max-uses`: not 1-100.
    case invalidMaxUses
    /// The generator kept drawing codes that are already live (practically never: 36^6 codes).
    case noUniqueCode

    public var description: String {
        switch self {
        case .invalidFormat: "Invalid family code format. Codes look like FAM-XXXXXX"
        case .notFound: "Family code not found. Please check and try again."
        case .alreadyMember: "You are already a member of this family."
        case .rateLimited(let waitMinutes, let seconds):
            "Too many attempts. Please wait \(waitMinutes) minutes. Try again in \(seconds / 60)m \(seconds % 60)s."
        case .onlyPlayers: "Only players can manage a family code"
        case .onlyParentsJoin: "Only parents can join a family"
        case .onlyParentsLeave: "Only parents can leave a family"
        case .expired: "This family code has expired. Ask the player for a new one."
        case .invalidLifetime: "A family code can last at most 30 days"
        case .invalidMaxUses: "A family code can be used 1 to 100 times"
        case .noUniqueCode: "Could not make a unique family code. Please try again."
        }
    }
}
