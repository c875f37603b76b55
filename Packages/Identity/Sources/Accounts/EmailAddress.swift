import Foundation
import Kernel

/// Email validation and the comparison key stores index by.
public enum EmailAddress {
    /// The longest email accepted, in characters.
    public static let maxLength = 254
    /// The longest local part (before the `@`), in UTF-8 bytes (RFC 5321 4.5.3.1.1).
    public static let maxLocalPartBytes = 64
    /// The longest domain label, in UTF-8 bytes (RFC 1035 2.3.4).
    public static let maxLabelBytes = 63

    /// The characters besides letters and digits a local part may hold (RFC 5322's `atext`).
    private static let localSymbolText = "!#$%&'*+/=?^_`{|}~-."
    private static let localSymbols = Set(localSymbolText.unicodeScalars)
    private static let localSymbolBytes = Set(localSymbolText.utf8)

    /// The trimmed email, or "Please enter a valid email address".
    ///
    /// `local@domain` (DOMAIN.md, "Decided in turn 4"): the local part is letters of any script (RFC 6531),
    /// digits and ``.!#$%&'*+/=?^_`{|}~-``, with no dot first, last or twice in a row, at most 64 bytes; the domain
    /// is two or more dot-separated labels of letters, digits and inner hyphens, each at most 63 bytes; the whole at
    /// most 254 characters. Everything else is refused: `<`, `>` and `,` (which make one address two recipients in a
    /// `To:` line, or another address in `RCPT TO`), quotes (a quoted local part too: mail servers refuse most),
    /// spaces, control characters, brackets, a second `@`.
    public static func validate(_ raw: String) throws(IdentityError) -> String {
        let email = raw.trimmingWhitespace()
        let valid = email.utf8.allSatisfy { $0 < 0x80 } ? isASCIIAddress(email) : isAddress(email)
        guard valid else { throw IdentityError.invalidEmail }
        return email
    }

    /// The grammar above, by grapheme: for an address with any letter beyond ASCII.
    static func isAddress(_ email: String) -> Bool {
        guard !email.isEmpty, email.count <= maxLength else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && isLocalPart(parts[0]) && isDomain(parts[1])
    }

    /// The same grammar over the bytes of an all-ASCII address (most of them), where every character is one byte and
    /// the letters and digits are `A-Z`, `a-z` and `0-9`: a look checks the email it is asked about, and the grapheme
    /// walk with its Unicode property lookups was 3% of a look's time on PostgreSQL. (An ASCII string's characters and
    /// bytes differ only by "\r\n", one character of two bytes, which neither grammar accepts.)
    static func isASCIIAddress(_ email: String) -> Bool {
        let bytes = Array(email.utf8)
        guard !bytes.isEmpty, bytes.count <= maxLength,
            let at = bytes.firstIndex(of: UInt8(ascii: "@")),
            bytes[(at + 1)...].firstIndex(of: UInt8(ascii: "@")) == nil
        else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        let dot = UInt8(ascii: ".")
        guard !local.isEmpty, local.count <= maxLocalPartBytes, local.first != dot, local.last != dot,
            !zip(local, local.dropFirst()).contains(where: { $0 == dot && $1 == dot }),
            local.allSatisfy({ $0.isASCIILetterOrDigit || localSymbolBytes.contains($0) })
        else { return false }
        let labels = domain.split(separator: dot, omittingEmptySubsequences: false)
        let hyphen = UInt8(ascii: "-")
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= maxLabelBytes && label.first != hyphen && label.last != hyphen
                    && label.allSatisfy { $0.isASCIILetterOrDigit || $0 == hyphen }
            }
    }

    /// The key two emails are compared by: trimmed and lower-cased.
    public static func comparisonKey(_ email: String) -> String {
        email.trimmingWhitespace().lowercased()
    }

    // MARK: - The grammar

    private static func isLocalPart(_ local: Substring) -> Bool {
        guard !local.isEmpty, local.utf8.count <= maxLocalPartBytes, local.first != ".", local.last != ".",
            !local.contains("..")
        else { return false }
        return local.allSatisfy { isLetterOrDigit($0) || $0.unicodeScalars.allSatisfy(localSymbols.contains) }
    }

    private static func isDomain(_ domain: Substring) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= maxLabelBytes && label.first != "-" && label.last != "-"
                && label.allSatisfy { isLetterOrDigit($0) || $0 == "-" }
        }
    }

    /// A letter of any script or a decimal digit. A grapheme is one letter when it starts with a letter and holds
    /// only letters, combining marks and the joiners between them: Devanagari's conjuncts (न्द: a letter, the virama,
    /// a letter) and vowel signs are one grapheme each.
    private static func isLetterOrDigit(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.generalCategory == .decimalNumber { return scalars.count == 1 }
        return isLetter(first)
            && scalars.dropFirst().allSatisfy { scalar in
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: true
                default: isLetter(scalar) || scalar == "\u{200C}" || scalar == "\u{200D}"
                }
            }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }
}
