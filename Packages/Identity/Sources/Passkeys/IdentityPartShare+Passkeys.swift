import Accounts
import Foundation
import Kernel

/// The passkeys part's share: the account's passkeys, its ceremonies begun and not finished, and its user handle
/// (never a key or a challenge). Its rows are the account's own: every store removes them with the account.
extension IdentityPartShare where Transaction == any PasskeysStoreTransaction {
    public static var passkeys: Self { IdentityPartShare(part: "passkeys", export: exportPasskeys) }

    /// A passkey of the account (never its key).
    struct PasskeyRecord: Encodable, Sendable {
        var id: String
        var name: String
        var createdAt: Date
        var lastUsedAt: Date?
        var algorithm: Int
        var signCount: UInt32
    }

    /// A passkey ceremony begun and not finished (never its challenge).
    struct PasskeyChallengeRecord: Encodable, Sendable {
        var purpose: String
        var createdAt: Date
        var expiresAt: Date
    }

    private static func exportPasskeys(
        _ subject: ExportSubject, _ transaction: Transaction, at now: Date
    ) throws -> ExportFields {
        var fields = ExportFields()
        let accountId = subject.accountId
        fields.set(
            "passkeys",
            try accountId.map { accountId in
                try transaction.passkeys(accountId: accountId).map {
                    PasskeyRecord(
                        id: $0.id, name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt,
                        algorithm: $0.algorithm, signCount: $0.signCount)
                }
            } ?? [])
        fields.set(
            "passkeyChallenges",
            try accountId.map { accountId in
                try transaction.passkeyChallenges(accountId: accountId).map {
                    PasskeyChallengeRecord(
                        purpose: $0.purpose.rawValue, createdAt: $0.createdAt, expiresAt: $0.expiresAt)
                }
            } ?? [])
        // Base64url, as a client names it (nil until its first registration options).
        fields.set(
            "passkeyUserHandle",
            try accountId.flatMap { try transaction.passkeyUserHandle(accountId: $0) }.map { Base64URL.encode($0) })
        return fields
    }
}
