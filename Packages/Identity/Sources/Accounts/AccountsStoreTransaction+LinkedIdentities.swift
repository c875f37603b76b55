import Foundation
import Kernel

/// DOMAIN.md's linking rules for Google and Apple, over a transaction's plain reads and writes.
extension AccountsStoreTransaction {
    /// The account a verified token signs in to: the one its identity is linked to, else a new account made from
    /// the token (a verified email no account has). `created` says which.
    ///
    /// A switch (`request.expectedAccount`) only ever signs in to the expected account, which the identity must
    /// already be linked to: any other identity, a new one included, is refused and nothing is created. A full
    /// device's sign-in (`request.savedAccountIds`) likewise gives only one of its saved accounts.
    package func providerAccount(
        for token: VerifiedIDToken, _ request: ProviderSignIn, now: Date, random: any RandomSource
    ) throws -> (account: Account, created: Bool) {
        let identity = try linkedIdentity(provider: token.provider, subject: token.subject)
        if let expected = request.expectedAccount, identity?.accountId != expected.accountId {
            throw IdentityError.providerAccountMismatch(token.provider, email: expected.email)
        }
        // A full device: only an account it has saved signs in again; none is created.
        if let saved = request.savedAccountIds, !saved.contains(where: { $0 == identity?.accountId }) {
            throw IdentityError.savedAccountsFull
        }
        if let identity {
            guard let account = try account(id: identity.accountId) else {
                throw IdentityError.providerSignInFailed(token.provider)
            }
            return (account, false)
        }
        guard token.emailVerified, !token.email.isEmpty else {
            throw IdentityError.providerEmailNotVerified(token.provider)
        }
        let email = try EmailAddress.validate(token.email)
        // Never linked by itself: whoever holds the password must sign in with it, then link.
        guard try account(email: email) == nil else { throw IdentityError.emailNeedsLink(token.provider) }
        let firstName = try AccountRules.validName(
            request.firstName ?? token.givenName ?? "", field: "first name", .personName)
        let lastName = try AccountRules.validName(
            request.lastName ?? token.familyName ?? "", field: "last name", .personName)
        let account = Account(
            id: random.uuidString(), email: email, firstName: firstName, lastName: lastName,
            authMethod: token.provider.authMethod, createdAt: now, emailVerified: true)
        try insertAccount(account, passwordHash: AccountRules.noPasswordHash)
        try emit(
            IdentityEvents.accountCreated, subject: EventSubject(accountId: account.id),
            data: ["via": token.provider.rawValue], at: now, random: random)
        try insertLinkedIdentity(
            LinkedIdentity(
                provider: token.provider, subject: token.subject, accountId: account.id, email: email, linkedAt: now))
        return (account, true)
    }

    /// Links the token's identity to `accountId`; linking it again to the same account changes nothing.
    package func link(_ token: VerifiedIDToken, to accountId: String, now: Date) throws -> LinkedIdentity {
        if let existing = try linkedIdentity(provider: token.provider, subject: token.subject) {
            guard existing.accountId == accountId else { throw IdentityError.identityLinkedElsewhere(token.provider) }
            return existing
        }
        guard try !linkedIdentities(accountId: accountId).contains(where: { $0.provider == token.provider }) else {
            throw IdentityError.providerAlreadyLinked(token.provider)
        }
        let identity = LinkedIdentity(
            provider: token.provider, subject: token.subject, accountId: accountId, email: token.email, linkedAt: now)
        try insertLinkedIdentity(identity)
        return identity
    }

    /// The account's password (whether it has one) and linked identities.
    package func signInMethods(accountId: String) throws -> SignInMethods {
        let hash = try passwordHash(accountId: accountId) ?? AccountRules.noPasswordHash
        return SignInMethods(
            hasPassword: hash != AccountRules.noPasswordHash, identities: try linkedIdentities(accountId: accountId))
    }
}
