import Foundation

/// DOMAIN.md's "Name rules" and "Display-name rules", reusable by every feature that takes a name.
public struct NameValidator: Sendable, Hashable {
    /// Which rule set applies.
    public enum Rules: Sendable, Hashable {
        /// Letters of any script, combining marks, spaces, hyphens, ' and ’, ZWNJ/ZWJ between letters.
        case name
        /// `name` plus digits and periods.
        case displayName
    }

    public let rules: Rules
    /// The most graphemes allowed.
    public let maxLength: Int

    /// Creates a validator for `rules` and at most `maxLength` graphemes.
    public init(rules: Rules, maxLength: Int) {
        self.rules = rules
        self.maxLength = maxLength
    }

    /// First and last names of an account: name rules, 1-50.
    public static let personName = NameValidator(rules: .name, maxLength: 50)
    /// Household names: display-name rules, 1-50.
    public static let householdName = NameValidator(rules: .displayName, maxLength: 50)
    /// Managed member names: display-name rules, 1-30.
    public static let memberName = NameValidator(rules: .displayName, maxLength: 30)

    /// The name trimmed and NFC-normalized, or what is wrong with it.
    public func validate(_ raw: String) throws(NameProblem) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw NameProblem.empty }
        let graphemes = name.count
        guard graphemes <= maxLength else { throw NameProblem.tooLong(maxLength: maxLength) }
        try checkCharacters(Array(name.unicodeScalars))
        // Stacked marks make one grapheme out of many bytes; 4 per grapheme keeps 50 under 200 bytes.
        guard name.utf8.count <= 4 * graphemes else { throw NameProblem.tooManyBytes }
        return name
    }

    /// Whether `raw` passes (for callers that only need a yes or no).
    public func isValid(_ raw: String) -> Bool {
        (try? validate(raw)) != nil
    }

    // MARK: - Characters

    private enum Class {
        case letter, mark, digit, punctuation, joiner
    }

    private func checkCharacters(_ scalars: [Unicode.Scalar]) throws(NameProblem) {
        var classes: [Class] = []
        classes.reserveCapacity(scalars.count)
        for scalar in scalars { classes.append(try classify(scalar)) }
        for (index, kind) in classes.enumerated() {
            let previous = index > 0 ? classes[index - 1] : nil
            switch kind {
            case .joiner:
                // Persian ZWNJ sits between letters; Indic ZWJ follows a virama (a mark) before a letter.
                let next = index + 1 < classes.count ? classes[index + 1] : nil
                guard previous == .letter || previous == .mark, next == .letter else {
                    throw NameProblem.misplacedJoiner
                }
            case .mark:
                guard previous == .letter || previous == .mark || previous == .digit else {
                    throw NameProblem.disallowed(Self.show(scalars[index]))
                }
            case .letter, .digit, .punctuation:
                break
            }
        }
        guard classes.contains(.letter) else { throw NameProblem.noLetter }
    }

    private static let bidiControls: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
    /// U+20E3 (keycap) and U+FE0F (emoji presentation) are marks that only ever build emoji.
    private static let emojiMarks: Set<UInt32> = [0x20E3, 0xFE0F]

    private func classify(_ scalar: Unicode.Scalar) throws(NameProblem) -> Class {
        let value = scalar.value
        if Self.bidiControls.contains(value) { throw NameProblem.bidiCharacter }
        if value == 0x200C || value == 0x200D { return .joiner }
        if Self.emojiMarks.contains(value) { throw NameProblem.emoji }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return .letter
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .mark
        case .decimalNumber:
            if rules == .displayName { return .digit }
            throw NameProblem.digit
        case .letterNumber, .otherNumber:
            throw NameProblem.digit
        case .control:
            throw NameProblem.controlCharacter
        default:
            break
        }
        switch value {
        case 0x20, 0x2D, 0x27, 0x2019: return .punctuation
        case 0x2E where rules == .displayName: return .punctuation
        default: break
        }
        if properties.isEmojiPresentation || (properties.isEmoji && value > 0x7F) { throw NameProblem.emoji }
        throw NameProblem.disallowed(Self.show(scalar))
    }

    /// The character itself when it is visible, else its code point.
    private static func show(_ scalar: Unicode.Scalar) -> String {
        let properties = scalar.properties
        let invisible =
            properties.isWhitespace || properties.generalCategory == .format
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
        return invisible ? String(format: "U+%04X", scalar.value) : "“\(Character(scalar))”"
    }
}
