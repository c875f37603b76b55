import Foundation
import Kernel

/// The accounts-and-sessions part of a store transaction: accounts, their linked identities, mailed codes, rate
/// limits and sessions. Valid only inside a store's `read`/`write` body; its changes write their events in the same
/// transaction, through the event log it refines.
public protocol AccountsStoreTransaction: EventLogTransaction {
    // MARK: - Accounts

    /// The account with this id.
    func account(id: String) throws -> Account?
    /// The account whose email equals `email` by `EmailAddress.comparisonKey`.
    func account(email: String) throws -> Account?
    /// The stored password hash of an account.
    func passwordHash(accountId: String) throws -> String?
    /// Adds an account with its password hash.
    func insertAccount(_ account: Account, passwordHash: String) throws
    /// Replaces the stored values (names, role, type) of an existing account.
    func updateAccount(_ account: Account) throws
    /// Replaces an account's password hash.
    func setPasswordHash(_ passwordHash: String, accountId: String) throws

    // MARK: - Linked identities (Google, Apple)

    /// The identity (provider, subject), whichever account it belongs to.
    func linkedIdentity(provider: IdentityProvider, subject: String) throws -> LinkedIdentity?
    /// The account's identities, in no particular order.
    func linkedIdentities(accountId: String) throws -> [LinkedIdentity]
    /// Links an identity to its account.
    func insertLinkedIdentity(_ identity: LinkedIdentity) throws
    /// Removes the account's identity of `provider` (nothing happens when it has none).
    func deleteLinkedIdentity(provider: IdentityProvider, accountId: String) throws

    // MARK: - Mailed codes, rate limits and the outbox

    /// The account's code of `purpose`, live or not.
    func emailCode(accountId: String, purpose: EmailCode.Purpose) throws -> EmailCode?
    /// Adds the code, or replaces the account's code of its purpose.
    func saveEmailCode(_ code: EmailCode) throws
    /// Removes the account's code of `purpose` (nothing happens when it has none).
    func deleteEmailCode(accountId: String, purpose: EmailCode.Purpose) throws
    /// What the limit keyed `key` remembers (`.fresh` when nothing).
    func rateLimitState(key: String) throws -> RateLimitState
    /// Keeps `state` for `key` (an idle state may be forgotten).
    func setRateLimitState(_ state: RateLimitState, key: String) throws

    // MARK: - Sessions

    /// Adds a session.
    func insertSession(_ session: Session) throws
    /// The session with this id.
    func session(id: String) throws -> Session?
    /// The session with this id and its account, read together: every authenticated call needs both, and a database
    /// store answers in one query (the default reads them one after the other).
    func sessionAndAccount(sessionId: String) throws -> (session: Session, account: Account)?
    /// `sessionAndAccount` whose answer is read when the returned function is called: a store that can send the
    /// query along with the transaction's next one (PostgreSQL's pipeline) does, so the call does not wait a round
    /// trip for it alone. The default reads it at once.
    func sessionAndAccountLater(sessionId: String) throws -> SessionAndAccountAnswer
    /// The session whose token has this SHA-256 (hex).
    func session(tokenHash: String) throws -> Session?
    /// Marks a session ended.
    func endSession(id: String) throws
    /// Marks every session of the account ended, except `sessionId` when given.
    func endSessions(accountId: String, except sessionId: String?) throws
    /// The account's sessions live at `now`, oldest first (then by id), each `current` false: never a token or hash.
    func sessions(accountId: String, liveAt now: Date) throws -> [SessionActivity]
    /// Sets the session's last use to `now` when its stored one is at or before `cutoff`; otherwise writes nothing.
    func touchSession(id: String, at now: Date, ifLastUsedAtOrBefore cutoff: Date) throws

    // MARK: - Leaving (an account deleted, its data exported)

    /// Removes the account and what hangs on it alone: its sessions, linked identities, mailed codes, per-account
    /// state and this device's saved entry for it.
    func deleteAccount(id: String) throws
    /// Removes every rate-limit state whose key ends with `suffix`.
    func deleteRateLimitStates(keySuffix suffix: String) throws
    /// The rate-limit states whose keys end with `suffix`, by key.
    func rateLimitStates(keySuffix suffix: String) throws -> [String: RateLimitState]
}

/// A session and its account read later (see `AccountsStoreTransaction.sessionAndAccountLater`).
public typealias SessionAndAccountAnswer = @Sendable () throws -> (session: Session, account: Account)?
