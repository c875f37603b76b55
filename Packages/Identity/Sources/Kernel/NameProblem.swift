/// What is wrong with a name; the description completes "Please enter a valid name (1-50 characters): the first name ...".
public enum NameProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(maxLength: Int)
    case noLetter
    case digit
    case emoji
    case controlCharacter
    case bidiCharacter
    /// ZWNJ or ZWJ that does not stand between letters.
    case misplacedJoiner
    /// More than 4 UTF-8 bytes per grapheme on average (stacked combining marks).
    case tooManyBytes
    /// Any other character the rules do not allow, shown as typed (or as U+XXXX when invisible).
    case disallowed(String)

    public var description: String {
        switch self {
        case .empty: "is empty"
        case .tooLong(let maxLength): "is longer than \(maxLength) characters"
        case .noLetter: "has no letter"
        case .digit: "contains a digit"
        case .emoji: "contains an emoji"
        case .controlCharacter: "contains a control character"
        case .bidiCharacter: "contains a text-direction control character"
        case .misplacedJoiner: "has a joiner that is not between letters"
        case .tooManyBytes: "has too many combining marks"
        case .disallowed(let character): "contains \(character), which is not allowed"
        }
    }
}
