import Accounts
import Passkeys

extension IdentityStoreTransaction {
    /// Unlinks the account's identity of `provider`, refused while it is the account's only way to sign in (its
    /// password, another linked identity, or a passkey).
    func unlink(_ provider: IdentityProvider, from accountId: String) throws {
        let methods = try signInMethods(accountId: accountId)
        guard methods.identities.contains(where: { $0.provider == provider }) else {
            throw IdentityError.providerNotLinked(provider)
        }
        // A passkey is a way to sign in too (DOMAIN.md).
        guard try methods.canSignIn(without: provider) || passkeys(accountId: accountId).contains(where: \.canSignIn)
        else {
            throw IdentityError.onlySignInMethod
        }
        try deleteLinkedIdentity(provider: provider, accountId: accountId)
    }
}
