import Foundation
import Kernel

/// The reads and writes available inside one store transaction. Valid only inside the `read`/`write` body.
///
/// Every feature's transaction extends one of these, so its event log is where any feature writes its events, in the
/// same transaction as its change.
public protocol IdentityStoreTransaction: EventLogTransaction {
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

    // MARK: - Exit PINs (server state)

    /// The member's exit PIN and its wrong attempts, when it has one.
    func exitPin(memberId: String) throws -> ExitPinRecord?
    /// Adds the record, or replaces the member's.
    func saveExitPin(_ record: ExitPinRecord) throws
    /// Removes the member's exit PIN (nothing happens when it has none).
    func deleteExitPin(memberId: String) throws

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
    /// Adds a message to the outbox.
    func insertOutboxEntry(_ entry: OutboxEntry) throws
    /// Queued messages due at `now`, longest due first, at most `limit`; on PostgreSQL rows another open transaction
    /// has claimed are skipped (`FOR UPDATE SKIP LOCKED`), so servers sharing a database claim different messages.
    func dueOutboxEntries(at now: Date, limit: Int) throws -> [OutboxEntry]
    /// Replaces a message's status, attempts, due time, last reply and text.
    func updateOutboxEntry(_ entry: OutboxEntry) throws
    /// How many messages have `status`.
    func outboxCount(status: OutboxEntry.Status) throws -> Int

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

    // MARK: - Two-step sign-in

    /// The account's TOTP secret, begun or on.
    func twoStep(accountId: String) throws -> TwoStepRecord?
    /// Adds the record, or replaces the account's.
    func saveTwoStep(_ record: TwoStepRecord) throws
    /// Removes the account's TOTP secret and its recovery codes (nothing happens when it has none).
    func deleteTwoStep(accountId: String) throws
    /// The account's recovery codes, used or not, oldest first.
    func recoveryCodes(accountId: String) throws -> [RecoveryCodeRecord]
    /// Replaces every recovery code of the account with `codes`.
    func replaceRecoveryCodes(_ codes: [RecoveryCodeRecord], accountId: String) throws
    /// Marks one recovery code used.
    func markRecoveryCodeUsed(id: String, at date: Date) throws
    /// Adds a second-step challenge, and removes those expired before `now`.
    func insertSignInChallenge(_ challenge: SignInChallenge, removingExpiredAt now: Date) throws
    /// The challenge whose token has this SHA-256 (hex), live or not.
    func signInChallenge(tokenHash: String) throws -> SignInChallenge?
    /// Marks a challenge used.
    func markSignInChallengeUsed(tokenHash: String, at date: Date) throws
    /// Every challenge of the account, live or not (for export).
    func signInChallenges(accountId: String) throws -> [SignInChallenge]

    // MARK: - Passkeys

    /// The account's passkeys, oldest first.
    func passkeys(accountId: String) throws -> [Passkey]
    /// The passkey with this credential id (base64url), whichever account has it.
    func passkey(id: String) throws -> Passkey?
    /// Adds a passkey (its id is not registered yet).
    func insertPasskey(_ passkey: Passkey) throws
    /// Records a sign-in with the passkey: its new sign count, and when.
    func recordPasskeyUse(id: String, signCount: UInt32, at date: Date) throws
    /// Removes a passkey (nothing happens when there is none).
    func deletePasskey(id: String) throws
    /// The account's passkey user handle (32 random bytes), nil until its first registration options.
    func passkeyUserHandle(accountId: String) throws -> [UInt8]?
    /// Gives the account its user handle.
    func insertPasskeyUserHandle(_ handle: [UInt8], accountId: String) throws
    /// Adds a ceremony's challenge, and removes those expired before `now`.
    func insertPasskeyChallenge(_ challenge: PasskeyChallenge, removingExpiredAt now: Date) throws
    /// Takes the challenge with this hash out of the store (it is used once), live or not; nil when there is none.
    func takePasskeyChallenge(hash: String) throws -> PasskeyChallenge?
    /// The account's registration challenges not yet used (for export).
    func passkeyChallenges(accountId: String) throws -> [PasskeyChallenge]

    // MARK: - Per account

    /// The account's active household id.
    func activeHouseholdId(accountId: String) throws -> String?
    /// Persists the account's active household id (nil: none).
    func setActiveHouseholdId(_ householdId: String?, accountId: String) throws

    // MARK: - Households

    /// The household with its members in the order they were added.
    func household(id: String) throws -> Household?
    /// The households where the account is an independent member, in the order it joined them.
    func households(memberAccountId: String) throws -> [Household]
    /// Adds a household and its members.
    func insertHousehold(_ household: Household) throws
    /// Renames a household.
    func renameHousehold(id: String, name: String) throws
    /// Adds a member (after the existing ones).
    func insertMember(_ member: Member, householdId: String) throws
    /// Replaces a member's stored values (display name, role, avatar, guardians), keeping its place.
    func updateMember(_ member: Member, householdId: String) throws
    /// Removes a member from a household.
    func deleteMember(memberId: String, householdId: String) throws

    // MARK: - Acting records

    /// Adds a record of a write made while acting.
    func insertActingRecord(_ record: ActingRecord) throws
    /// The records whose actor is the account, oldest first.
    func actingRecords(actorAccountId: String) throws -> [ActingRecord]
    /// The records made for one member, by any actor, oldest first.
    func actingRecords(subjectMemberId: String) throws -> [ActingRecord]

    /// Makes every record made for `subjectMemberId` name the account `accountId` (id and name) instead.
    func reassignActingRecords(subjectMemberId: String, to accountId: String, displayName: String) throws

    // MARK: - Approval requests

    /// The request with this id, whoever it is for.
    func approvalRequest(id: String) throws -> ApprovalRequest?
    /// Every request of one member, in any state, the most recently asked first.
    func approvalRequests(memberId: String) throws -> [ApprovalRequest]
    /// Adds a request. Its member's row must exist: removing the member removes its requests.
    func insertApprovalRequest(_ request: ApprovalRequest) throws
    /// Replaces a request's stored values (asked again, or answered).
    func updateApprovalRequest(_ request: ApprovalRequest) throws
    /// Requests unanswered whose `expiresAt` is at or before `now` and whose expiry is not yet recorded
    /// (`recordApprovalExpiry`): at most `limit`, the longest expired first.
    func dueApprovalRequests(at now: Date, limit: Int) throws -> [ApprovalRequest]
    /// Records that the request's expiry was seen at `date` (and its `approval.expired` written): it is due no more.
    func recordApprovalExpiry(id: String, at date: Date) throws

    // MARK: - Claim codes

    /// Adds a claim code.
    func insertClaimCode(_ code: ClaimCode) throws
    /// The claim code stored under this SHA-256 (hex), used or not.
    func claimCode(codeHash: String) throws -> ClaimCode?
    /// Marks a claim code used.
    func markClaimCodeUsed(codeHash: String, at date: Date) throws
    /// Removes every claim code of a member.
    func deleteClaimCodes(memberId: String) throws

    // MARK: - Leaving

    /// Removes the account and what hangs on it alone: its sessions, linked identities, mailed codes, per-account
    /// state and this device's saved entry for it.
    func deleteAccount(id: String) throws
    /// Removes a household with its members (their guardians too).
    func deleteHousehold(id: String) throws
    /// Makes `accountId` the household's owner.
    func setHouseholdOwner(householdId: String, accountId: String) throws
    /// Removes the records made for one member (by any actor).
    func deleteActingRecords(subjectMemberId: String) throws
    /// Removes the claim codes one account made.
    func deleteClaimCodes(createdBy accountId: String) throws
    /// Removes every rate-limit state whose key ends with `suffix`.
    func deleteRateLimitStates(keySuffix suffix: String) throws
    /// Removes the messages queued for `recipient` (compared as written).
    func deleteOutboxEntries(recipient: String) throws
    /// Removes one message from the outbox.
    func deleteOutboxEntry(id: String) throws
    /// The rate-limit states whose keys end with `suffix`, by key.
    func rateLimitStates(keySuffix suffix: String) throws -> [String: RateLimitState]
    /// The messages still queued for `recipient`, oldest first.
    func queuedOutboxEntries(recipient: String) throws -> [OutboxEntry]
    /// Every claim code made for a member, used or not, oldest first.
    func claimCodes(memberId: String) throws -> [ClaimCode]
}

/// A session and its account read later (see `IdentityStoreTransaction.sessionAndAccountLater`).
public typealias SessionAndAccountAnswer = @Sendable () throws -> (session: Session, account: Account)?
