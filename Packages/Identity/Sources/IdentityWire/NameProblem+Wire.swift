import Kernel

extension NameProblem {
    /// The problem's code in `WireErrorDetails.problem` (with `character` and `maxLength` where it has them).
    public var wireCode: String {
        switch self {
        case .empty: "empty"
        case .tooLong: "too_long"
        case .noLetter: "no_letter"
        case .digit: "digit"
        case .emoji: "emoji"
        case .controlCharacter: "control_character"
        case .bidiCharacter: "bidi_character"
        case .misplacedJoiner: "misplaced_joiner"
        case .tooManyBytes: "too_many_bytes"
        case .disallowed: "disallowed"
        }
    }

    /// The problem a name error's details describe; nil when they describe none.
    public init?(wire details: WireErrorDetails) {
        switch details.problem {
        case "too_long":
            guard let maxLength = details.maxLength else { return nil }
            self = .tooLong(maxLength: maxLength)
        case "disallowed":
            guard let character = details.character else { return nil }
            self = .disallowed(character)
        default:
            // The problems that carry nothing, read off `wireCode` so that each code is written once.
            let plain: [NameProblem] = [
                .empty, .noLetter, .digit, .emoji, .controlCharacter, .bidiCharacter, .misplacedJoiner, .tooManyBytes,
            ]
            guard let problem = plain.first(where: { $0.wireCode == details.problem }) else { return nil }
            self = problem
        }
    }

    /// The details of a name error: which field, what was wrong, and the limit of that field.
    public static func wireDetails(field: String, problem: NameProblem, maxLength: Int) -> WireErrorDetails {
        var character: String?
        if case .disallowed(let shown) = problem { character = shown }
        return WireErrorDetails(field: field, problem: problem.wireCode, character: character, maxLength: maxLength)
    }

    /// What `wireDetails` wrote, read back: the field, the problem and the limit; nil when one is missing.
    public static func nameError(_ details: WireErrorDetails) -> (field: String, problem: NameProblem, maxLength: Int)?
    {
        guard let field = details.field, let maxLength = details.maxLength, let problem = NameProblem(wire: details)
        else { return nil }
        return (field, problem, maxLength)
    }
}
