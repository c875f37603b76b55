import Foundation

/// Lookups the rules share; built only from the transaction's plain reads.
extension AccountsStoreTransaction {
    /// The principal's account, when it exists and its session (if named) is live and its own; and, when the principal
    /// requires it, the account's email is verified (a call an unverified account may make says `unverifiedAllowed`).
    public func authenticate(_ principal: Principal, at now: Date, unverifiedAllowed: Bool = false) throws -> Account {
        try authenticateLater(principal, at: now, unverifiedAllowed: unverifiedAllowed)()
    }

    /// The principal's account as `authenticate` finds it, checked when the returned function is called, which must be
    /// before anything the call found leaves it (an answer or a refusal): a store that can (PostgreSQL) sends the
    /// session's query with the call's next one instead of waiting for it alone.
    public func authenticateLater(
        _ principal: Principal, at now: Date, unverifiedAllowed: Bool = false
    ) throws -> @Sendable () throws -> Account {
        let checkVerified = principal.requiresVerifiedEmail && !unverifiedAllowed
        guard let sessionId = principal.sessionId else {
            guard let account = try account(id: principal.accountId) else { throw IdentityError.notSignedIn }
            if checkVerified && !account.emailVerified { throw IdentityError.emailNotVerified(email: account.email) }
            return { account }
        }
        let answer = try sessionAndAccountLater(sessionId: sessionId)
        return {
            guard let (session, account) = try answer(), account.id == principal.accountId, session.isLive(at: now)
            else { throw IdentityError.notSignedIn }
            principal.sessionCheck?.recordLive()
            if checkVerified && !account.emailVerified { throw IdentityError.emailNotVerified(email: account.email) }
            return account
        }
    }

    /// The default of `sessionAndAccountLater`: read now.
    public func sessionAndAccountLater(sessionId: String) throws -> SessionAndAccountAnswer {
        let answer = try sessionAndAccount(sessionId: sessionId)
        return { answer }
    }

    /// The default of `sessionAndAccount`: two reads.
    public func sessionAndAccount(sessionId: String) throws -> (session: Session, account: Account)? {
        guard let session = try session(id: sessionId), let account = try account(id: session.accountId) else {
            return nil
        }
        return (session, account)
    }

    /// The account and hash for a sign-in attempt by email.
    package func passwordCandidate(email: String) throws -> PasswordCandidate {
        guard let account = try account(email: email) else { return PasswordCandidate() }
        return PasswordCandidate(account: account, passwordHash: try passwordHash(accountId: account.id))
    }

    /// Refuses when the password hash changed since it was verified (a change by another process).
    package func requireUnchanged(_ candidate: PasswordCandidate) throws -> Account {
        guard let verified = candidate.account, let account = try account(id: verified.id),
            try passwordHash(accountId: account.id) == candidate.passwordHash
        else { throw IdentityError.incorrectCredentials }
        return account
    }

    // MARK: - Households
}
