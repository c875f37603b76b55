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

    // MARK: - Saved accounts

    /// The saved account with this email (compared case-insensitively), if any.
    public static func savedAccount(email: String, in saved: [SavedAccount]) -> SavedAccount? {
        let key = EmailAddress.comparisonKey(email)
        return saved.first { EmailAddress.comparisonKey($0.email) == key }
    }

    /// The saved account with this email, else "No account named EMAIL".
    public static func requireSavedAccount(email: String, in saved: [SavedAccount]) throws(IdentityError)
        -> SavedAccount
    {
        guard let account = savedAccount(email: email, in: saved) else {
            throw IdentityError.notFound(.account, email.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return account
    }

    /// Refuses an 11th saved account; an account saved already can always sign in again.
    public static func checkCanSave(email: String, saved: [SavedAccount]) throws(IdentityError) {
        if savedAccount(email: email, in: saved) != nil { return }
        if !hasRoom(saved) { throw IdentityError.savedAccountsFull }
    }

    /// Whether a device with `saved` accounts can save another one.
    public static func hasRoom(_ saved: [SavedAccount]) -> Bool {
        saved.count < SavedAccount.limit
    }

    /// The switcher's order: most recently used first, then by email.
    public static func isListedBefore(_ first: SavedAccount, _ second: SavedAccount) -> Bool {
        (first.lastUsed, second.email) > (second.lastUsed, first.email)
    }

    /// The entry a sign-in saves: the account's current values, the photo kept from a previous entry, used now.
    public static func savedEntry(for account: Account, previous: SavedAccount?, now: Date) -> SavedAccount {
        SavedAccount(
            accountId: account.id, email: account.email, displayName: account.displayName,
            photoURL: previous?.photoURL, accountType: account.accountType, authMethod: account.authMethod,
            lastUsed: now)
    }

    /// The stored hash of an account without a password (made by Google or Apple sign-in): no Argon2 hash is
    /// empty, so nothing verifies against it. The column stays NOT NULL as shipped.
    public static let noPasswordHash = ""
}
