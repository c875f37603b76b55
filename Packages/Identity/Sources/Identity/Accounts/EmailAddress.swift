import Foundation

/// Email validation and the comparison key stores index by.
public enum EmailAddress {
    /// The longest email accepted, in characters.
    public static let maxLength = 254

    /// The trimmed email, or "Please enter a valid email address".
    ///
    /// One `@`, a non-empty local part, a domain with a dot (and no empty label), at most 254
    /// characters, no spaces or control characters.
    public static func validate(_ raw: String) throws(IdentityError) -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !email.isEmpty, email.count <= maxLength else { throw IdentityError.invalidEmail }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw IdentityError.invalidEmail }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty, domain.contains(".") else { throw IdentityError.invalidEmail }
        guard !domain.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            throw IdentityError.invalidEmail
        }
        let forbidden = CharacterSet.whitespacesAndNewlines.union(.controlCharacters)
        guard email.unicodeScalars.allSatisfy({ !forbidden.contains($0) }) else { throw IdentityError.invalidEmail }
        return email
    }

    /// The key two emails are compared by: trimmed and lower-cased.
    public static func comparisonKey(_ email: String) -> String {
        email.trimmingWhitespace().lowercased()
    }
}
