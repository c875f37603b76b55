import Foundation
import Kernel

/// The events Identity writes (DOMAIN.md "Events"), declared once: accounts' and sessions' here, households' in their
/// part (`IdentityEvents+Households`); the composition's Identity feature passes `all` as its `events`, and the rules
/// emit through these constants, never through a name of their own.
///
/// Payloads are thin, by rule: the subject names an account, a managed member and a household by id, and `data` holds
/// more ids and the fixed words below, never an email address, a name, a title, a note, a token, a code, a password or
/// a PIN. An event is written only when something changed (a change to what was already there writes none), in the
/// same transaction as the change.
public enum IdentityEvents {
    /// Subject `accountId`; `data.via`: `password` (sign-up) or `google`/`apple` (a first sign-in with a provider).
    /// Graduation writes one for the new account too (beside `member.graduated`).
    public static let accountCreated = EventType("account.created", "An account was created.")
    /// Subject `accountId`; `data.changed`: which of `name`, `role`, `type` changed, comma-separated in that order.
    public static let accountUpdated = EventType(
        "account.updated", "An account's name, role or type changed.")
    /// Subject `accountId`; no data (the new address is never in the event: ask for the account).
    public static let accountEmailChanged = EventType(
        "account.email_changed", "An account confirmed a new email address.")
    /// Subject `accountId`; no data. Written when an unverified address becomes verified: by its verification code, or
    /// by a password reset (the mailbox proved it). A confirmed email change writes `account.email_changed` alone (its
    /// new address is verified by the change).
    public static let accountEmailVerified = EventType(
        "account.email_verified", "An account verified its email address.")
    /// Subject `accountId`; no data. The account's sessions end with it and write no `session.ended`.
    public static let accountDeleted = EventType("account.deleted", "An account was deleted, with everything it held.")
    /// Subject `accountId`; `data.sessionId` and `data.reason` (`SessionEndReason`): one event per session ended.
    public static let sessionEnded = EventType("session.ended", "A session ended: its tokens no longer work.")
    /// Subject `accountId`; `data.kind` (`CredentialKind`) and `data.change` (`CredentialChange`); a passkey's
    /// also `data.passkeyId`.
    public static let credentialChanged = EventType(
        "credential.changed", "A password, two-step sign-in or passkey of an account changed.")
    /// Why a session ended (`session.ended`'s `data.reason`).
    public enum SessionEndReason: String, Sendable, CaseIterable {
        /// Signed out: its own token or this device's session ended.
        case signOut = "sign_out"
        /// Ended by the account from another of its sessions (`sessions end ID`).
        case ended
        /// Ended with every other session of the account (`sessions end --others`).
        case endOthers = "end_others"
        /// Ended by a password reset (every session of the account).
        case reset
        /// Ended by a password change (every other session of the account).
        case passwordChanged = "password_changed"
    }

    /// What kind of credential changed (`credential.changed`'s `data.kind`).
    public enum CredentialKind: String, Sendable, CaseIterable {
        case password
        case twoStep = "two_step"
        case passkey
    }

    /// How it changed (`credential.changed`'s `data.change`): a password `set` (the first one), `changed` or `reset`;
    /// two-step `on` or `off`; a passkey `added` or `removed`.
    public enum CredentialChange: String, Sendable, CaseIterable {
        case set, changed, reset, on, off, added, removed
    }
}

extension AccountsStoreTransaction {
    /// Writes `credential.changed` for `accountId`.
    package func emitCredentialChanged(
        accountId: String, _ kind: IdentityEvents.CredentialKind, _ change: IdentityEvents.CredentialChange,
        extra: [String: String] = [:], at now: Date, random: any RandomSource
    ) throws {
        try emit(
            IdentityEvents.credentialChanged, subject: EventSubject(accountId: accountId),
            data: ["kind": kind.rawValue, "change": change.rawValue].merging(extra) { first, _ in first }, at: now,
            random: random)
    }

    /// Ends the account's live sessions but `except`, writing one `session.ended` with `reason` for each.
    package func endSessions(
        accountId: String, except sessionId: String?, reason: IdentityEvents.SessionEndReason, at now: Date,
        random: any RandomSource
    ) throws {
        let ending = try sessions(accountId: accountId, liveAt: now).filter { $0.id != sessionId }
        try endSessions(accountId: accountId, except: sessionId)
        for session in ending {
            try emitSessionEnded(session.id, accountId: accountId, reason: reason, at: now, random: random)
        }
    }

    /// Ends `session`, writing `session.ended` with `reason` when it was live (an ended or expired one changes nothing
    /// an app can see).
    package func endSession(
        _ session: Session, reason: IdentityEvents.SessionEndReason, at now: Date, random: any RandomSource
    ) throws {
        try endSession(id: session.id)
        guard session.isLive(at: now) else { return }
        try emitSessionEnded(session.id, accountId: session.accountId, reason: reason, at: now, random: random)
    }

    private func emitSessionEnded(
        _ sessionId: String, accountId: String, reason: IdentityEvents.SessionEndReason, at now: Date,
        random: any RandomSource
    ) throws {
        try emit(
            IdentityEvents.sessionEnded, subject: EventSubject(accountId: accountId),
            data: ["sessionId": sessionId, "reason": reason.rawValue], at: now, random: random)
    }
}

extension AccountsStoreTransaction {
    /// Saves `account`, changed from `before`, writing `account.updated` with what changed of its name, role and type
    /// (nothing when none of them did; other changes, such as the age range, are not in the catalogue).
    package func updateAccount(_ account: Account, from before: Account, at now: Date, random: any RandomSource) throws
    {
        try updateAccount(account)
        var changed: [String] = []
        if account.firstName != before.firstName || account.lastName != before.lastName { changed.append("name") }
        if account.role != before.role { changed.append("role") }
        if account.accountType != before.accountType { changed.append("type") }
        guard !changed.isEmpty else { return }
        try emit(
            IdentityEvents.accountUpdated, subject: EventSubject(accountId: account.id),
            data: ["changed": changed.joined(separator: ",")], at: now, random: random)
    }
}
