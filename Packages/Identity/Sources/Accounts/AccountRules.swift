import Foundation
import Kernel

/// The account and saved-account rules as pure functions, shared by every `IdentityService`.
///
/// `LocalIdentityService` applies them to its store; the remote client (`IdentityHTTP`) applies the same
/// functions to its credentials file, so both refuse with the same sentences at the same points.
public enum AccountRules {
    /// A sign-up whose email and names passed the rules (trimmed, normalized).
    public struct ValidSignUp: Sendable, Hashable {
        public var email: String
        public var firstName: String
        public var lastName: String
    }

    // MARK: - Accounts

    /// The email and names of a sign-up checked (in that order), and the password's length.
    public static func validate(_ request: SignUp) throws(IdentityError) -> ValidSignUp {
        let email = try EmailAddress.validate(request.email)
        let first = try validName(request.firstName, field: "first name", .personName)
        let last = try validName(request.lastName, field: "last name", .personName)
        try checkNewPassword(request.password)
        return ValidSignUp(email: email, firstName: first, lastName: last)
    }

    /// Checks a new password: 8-256 graphemes, and not one of the 10,000 most common (`CommonPasswords`).
    public static func checkNewPassword(_ password: String) throws(IdentityError) {
        guard (8...256).contains(password.count) else { throw IdentityError.invalidPassword }
        switch CommonPasswords.contains(password) {
        case true?: throw IdentityError.commonPassword
        case false?: return
        case nil: throw IdentityError.passwordListMissing
        }
    }

    /// Validates one name, naming the field in the error.
    public static func validName(
        _ raw: String, field: String, _ validator: NameValidator
    ) throws(IdentityError) -> String {
        do {
            return try validator.validate(raw)
        } catch {
            throw IdentityError.invalidName(field: field, problem: error, maxLength: validator.maxLength)
        }
    }

    /// The stored hash of an account without a password (made by Google or Apple sign-in): no Argon2 hash is
    /// empty, so nothing verifies against it. The column stays NOT NULL as shipped.
    public static let noPasswordHash = ""
}
