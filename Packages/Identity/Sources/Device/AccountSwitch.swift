import Accounts

/// How `switchAccount` ended when it did not fail.
public enum AccountSwitch: Sendable, Hashable, CustomStringConvertible {
    /// The process now runs as this saved account.
    case switched(SavedAccount)
    /// It already did: "Already using EMAIL" (a success, exit 0).
    case alreadyCurrent(SavedAccount)
    /// Its session is not live: ask for the password and call again with it. Nothing changed.
    case passwordRequired(SavedAccount)
    /// Its session is not live and it signs in with Google or Apple: run that sign-in and call again with its token.
    case providerSignInRequired(SavedAccount, IdentityProvider)

    /// The saved account concerned.
    public var account: SavedAccount {
        switch self {
        case .switched(let account), .alreadyCurrent(let account), .passwordRequired(let account),
            .providerSignInRequired(let account, _):
            account
        }
    }

    public var description: String {
        switch self {
        case .switched(let account): "Switched to \(account.email)"
        case .alreadyCurrent(let account): "Already using \(account.email)"
        case .passwordRequired(let account): "Enter the password of \(account.email)"
        case .providerSignInRequired(let account, let provider):
            "Sign in with \(provider.displayName) as \(account.email)"
        }
    }
}
