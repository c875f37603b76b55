import Accounts
import Foundation
import Kernel

/// The lengths Circles' rules allow, which its commands' help says.
public enum CirclesLimits {
    /// The longest circle name, in graphemes.
    public static let circleNameMax = 40
    /// The longest bio, in graphemes.
    public static let bioMax = 160
    /// The longest reason an access request gives, in graphemes.
    public static let reasonMax = 200
    /// How long a username is.
    public static let usernameLength = 3...30
}

/// The value rules of Circles: names, circle styles, phones, emails, usernames, lengths.
enum Validation {
    static let displayName = NameValidator(rules: .displayName, maxLength: 50)
    static let photoMax = 2048

    /// A contact's or profile's display name: display-name rules, 1-50, never `me`/`primary`.
    static func name(_ raw: String, field: String = "display name") throws(CirclesError) -> String {
        let name: String
        do {
            name = try displayName.validate(raw)
        } catch {
            throw CirclesError.invalidName(field: field, problem: error, maxLength: displayName.maxLength)
        }
        if ReferenceResolver.isReserved(name) { throw CirclesError.reservedName(name) }
        return name
    }

    /// A circle name: trimmed, NFC, 1-40 graphemes, no control characters, never a reserved word.
    static func circleName(_ raw: String) throws(CirclesError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard (1...CirclesLimits.circleNameMax).contains(name.count),
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw CirclesError.invalidCircleName }
        if ReferenceResolver.isReserved(name) { throw CirclesError.reservedName(name) }
        return name
    }

    /// Exactly one grapheme that is an emoji (UTS #51): a flag, a keycap, a tag sequence, or emoji joined by
    /// ZWJ, each an emoji character with at most a U+FE0F or a skin-tone modifier. A letter or digit followed by
    /// U+FE0F or a modifier is one grapheme, but not an emoji.
    static func emoji(_ raw: String) throws(CirclesError) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count == 1 else { throw CirclesError.invalidEmoji }
        let scalars = Array(text.unicodeScalars)
        let elements = scalars.split(separator: "\u{200D}", omittingEmptySubsequences: false)
        guard elements.allSatisfy({ isEmojiElement(Array($0)) }) else { throw CirclesError.invalidEmoji }
        if elements.count > 1, elements.contains(where: { isFlag(Array($0)) || isKeycap(Array($0)) }) {
            throw CirclesError.invalidEmoji
        }
        return text
    }

    private static let variationSelector: Unicode.Scalar = "\u{FE0F}"

    /// One element of an emoji (ZWJ) sequence.
    private static func isEmojiElement(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first else { return false }
        if isFlag(scalars) || isKeycap(scalars) { return true }
        guard first.properties.isEmoji, !first.isASCII, !isRegionalIndicator(first), first != variationSelector
        else { return false }
        var rest = scalars.dropFirst()
        // A tag sequence (the flags of England, Scotland, Wales): tags, then the cancel tag.
        if rest.count >= 2, rest.allSatisfy({ (0xE0020...0xE007F).contains($0.value) }) {
            return rest.last?.value == 0xE007F && rest.dropLast().allSatisfy { $0.value != 0xE007F }
        }
        if let next = rest.first, next.properties.isEmojiModifier {
            guard first.properties.isEmojiModifierBase else { return false }
            rest = rest.dropFirst()
        } else if rest.first == variationSelector {
            rest = rest.dropFirst()
        }
        return rest.isEmpty
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Two regional indicators.
    private static func isFlag(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.count == 2 && scalars.allSatisfy(isRegionalIndicator)
    }

    /// `0`-`9`, `#` or `*`, an optional U+FE0F, then U+20E3.
    private static func isKeycap(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first, "0123456789#*".unicodeScalars.contains(first), scalars.last == "\u{20E3}"
        else { return false }
        return scalars.count == 2 || (scalars.count == 3 && scalars[1] == variationSelector)
    }

    static func color(_ raw: String) throws(CirclesError) -> CircleColor {
        let key = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if key == "grey" { return .gray }
        guard let color = CircleColor(rawValue: key) else { throw CirclesError.invalidColor(raw) }
        return color
    }

    /// nil or "" clears; otherwise digits with spaces, +, -, (, ), and 3 to 20 digits.
    static func phone(_ raw: String?) throws(CirclesError) -> String? {
        guard let text = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        let allowed = Set("0123456789 +-().")
        let digits = text.filter(\.isASCII).filter(\.isNumber).count
        guard text.allSatisfy({ allowed.contains($0) }), (3...20).contains(digits), text.count <= 32 else {
            throw CirclesError.invalidPhone
        }
        return text
    }

    /// nil or "" clears; otherwise Identity's email rules.
    static func email(_ raw: String?) throws(CirclesError) -> String? {
        guard let text = raw?.trimmingWhitespace(), !text.isEmpty else { return nil }
        do { return try EmailAddress.validate(text) } catch { throw CirclesError.invalidEmail }
    }

    /// 3-30 of [a-z0-9_.] after trimming, dropping a leading `@` and lower-casing.
    static func username(_ raw: String) throws(CirclesError) -> String {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if text.hasPrefix("@") { text.removeFirst() }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_.")
        guard CirclesLimits.usernameLength.contains(text.count), text.allSatisfy({ allowed.contains($0) }) else {
            throw CirclesError.invalidUsername
        }
        return text
    }

    /// nil or "" (after trimming) clears; otherwise at most `maxLength` graphemes.
    static func text(_ raw: String?, field: String, maxLength: Int) throws(CirclesError) -> String? {
        guard let text = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        guard text.count <= maxLength else { throw CirclesError.tooLong(field: field, maxLength: maxLength) }
        return text
    }
}
