import Foundation
import Kernel
import Mail

/// The accounts part's share: the account, its linked identities, live sessions, mailed codes waiting, limits and the
/// mail queued for it; on deletion its limits, its queued mail and the account itself, which takes its sessions,
/// linked identities and codes with it.
extension IdentityPartShare where Transaction == any AccountsStoreTransaction & OutboxStoreTransaction {
    public static var accounts: Self {
        IdentityPartShare(part: "accounts", export: exportAccount, delete: deleteAccount)
    }

    /// A live session: when it was made and last used, and where (never its token or hash).
    struct SessionRecord: Encodable, Sendable {
        var sessionId: String
        var createdAt: Date
        var lastUsedAt: Date
        var createdWhere: String?
    }

    /// A mailed code waiting to be used (the code itself is never kept).
    struct PendingCode: Encodable, Sendable {
        var purpose: String
        var email: String
        var createdAt: Date
        var expiresAt: Date
    }

    /// A limit's state for the account: its name, its recent failures, and the end of a lock.
    struct Limit: Encodable, Sendable {
        var name: String
        var recentFailures: [Date]
        var lockedUntil: Date?
    }

    /// A message queued for the account's address (its text holds codes: not exported).
    struct QueuedMail: Encodable, Sendable {
        var id: String
        var recipient: String
        var createdAt: Date
        var attempts: Int
    }

    private static func exportAccount(
        _ subject: ExportSubject, _ transaction: Transaction, at now: Date
    ) throws -> ExportFields {
        let account = try subject.accountId.flatMap { try transaction.account(id: $0) }
        var fields = ExportFields()
        fields.set("account", account)
        fields.set("linkedIdentities", try account.map { try transaction.linkedIdentities(accountId: $0.id) } ?? [])
        fields.set(
            "sessions",
            try account.map { account in
                try transaction.sessions(accountId: account.id, liveAt: now).map {
                    SessionRecord(
                        sessionId: $0.id, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt,
                        createdWhere: $0.createdWhere)
                }
            } ?? [])
        fields.set(
            "pendingCodes",
            try account.map { account in
                try EmailCode.Purpose.allCases.compactMap { purpose in
                    try transaction.emailCode(accountId: account.id, purpose: purpose).map {
                        PendingCode(
                            purpose: purpose.rawValue, email: $0.email, createdAt: $0.createdAt,
                            expiresAt: $0.expiresAt)
                    }
                }
            } ?? [])
        fields.set(
            "limits",
            try account.map { account -> [Limit] in
                let suffix = ":\(account.id)"
                return try transaction.rateLimitStates(keySuffix: suffix).sorted { $0.key < $1.key }.map {
                    Limit(
                        name: String($0.key.dropLast(suffix.count)), recentFailures: $0.value.failures,
                        lockedUntil: $0.value.lockedUntil)
                }
            } ?? [])
        fields.set(
            "queuedMail",
            try account.map { account in
                try transaction.queuedOutboxEntries(recipient: account.email).map {
                    QueuedMail(id: $0.id, recipient: $0.mail.recipient, createdAt: $0.createdAt, attempts: $0.attempts)
                }
            } ?? [])
        return fields
    }

    /// Its limits and the mail queued for its address (and for an address it was changing to), then the account,
    /// and `account.deleted`. Its sessions end with it and write no `session.ended`; its events outlive it by design
    /// (they hold ids only).
    private static func deleteAccount(
        _ deletion: AccountDeletion, _ transaction: Transaction, random: any RandomSource
    ) throws {
        let accountId = deletion.account.id
        try transaction.deleteRateLimitStates(keySuffix: ":\(accountId)")
        try transaction.deleteOutboxEntries(recipient: deletion.account.email)
        if let change = try transaction.emailCode(accountId: accountId, purpose: .emailChange) {
            try transaction.deleteOutboxEntries(recipient: change.email)
        }
        try transaction.deleteAccount(id: accountId)
        try transaction.emit(
            IdentityEvents.accountDeleted, subject: EventSubject(accountId: accountId), at: deletion.at, random: random)
    }
}
