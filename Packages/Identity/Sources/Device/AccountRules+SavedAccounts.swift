import Accounts
import Foundation

/// The rules of this device's saved accounts (DOMAIN.md "This device"): at most `SavedAccount.limit`, one per
/// email, listed most recently used first.
extension AccountRules {
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
}
