import Foundation

/// The values a domain error case carries, by name; a case sets only the ones it has, and only those are sent.
///
/// One shape for every feature, so the error schema of `openapi.json` is one object and a client decodes any
/// error body without knowing its feature first.
public struct WireErrorDetails: Codable, Sendable, Equatable {
    /// The name, email, id or text the sentence quotes.
    public var name: String?
    /// The profile the sentence names beside `name` (`NAME cannot see PROFILE`).
    public var profile: String?
    /// Which input was wrong: `first name`, `bio`, `phone`, ...
    public var field: String?
    /// What was wrong with a name (`NameProblem`'s code: `empty`, `too_long`, `digit`, ...).
    public var problem: String?
    /// The character a `disallowed` name problem shows.
    public var character: String?
    /// The limit that was passed.
    public var maxLength: Int?
    /// The kind of thing a reference named (`member`, `circle`, ...).
    public var kind: String?
    /// What an ambiguous reference matched.
    public var candidates: [ReferenceCandidate]?
    /// A lockout's length in minutes.
    public var waitMinutes: Int?
    /// What remains of a lockout, in seconds (also sent as `Retry-After`).
    public var retryAfterSeconds: Int?
    /// The members a refusal names (`identity.only_guardian`).
    public var members: [String]?
    /// The second step's challenge a right password leads to (`identity.second_factor_required`), sent back with a code.
    public var challenge: String?

    /// Details with the given values.
    public init(
        name: String? = nil, profile: String? = nil, field: String? = nil, problem: String? = nil,
        character: String? = nil,
        maxLength: Int? = nil, kind: String? = nil, candidates: [ReferenceCandidate]? = nil,
        waitMinutes: Int? = nil, retryAfterSeconds: Int? = nil,
        members: [String]? = nil, challenge: String? = nil
    ) {
        self.name = name
        self.profile = profile
        self.field = field
        self.problem = problem
        self.character = character
        self.maxLength = maxLength
        self.kind = kind
        self.candidates = candidates
        self.waitMinutes = waitMinutes
        self.retryAfterSeconds = retryAfterSeconds
        self.members = members
        self.challenge = challenge
    }

    /// No values at all.
    public static let none = WireErrorDetails()
}
