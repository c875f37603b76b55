import Accounts
import Foundation

/// The two-step part's share: whether it is on, since when, the recovery codes' use and the second steps a right
/// password led to (never the secret, a code or a token). Its rows are the account's own: every store removes them
/// with the account.
extension IdentityPartShare where Transaction == any TwoStepStoreTransaction {
    public static var twoStep: Self { IdentityPartShare(part: "twoStep", export: exportTwoStep) }

    /// Two-step sign-in: whether it is on, since when, and its recovery codes' use.
    struct TwoStep: Encodable, Sendable {
        struct RecoveryCode: Encodable, Sendable {
            var createdAt: Date
            var usedAt: Date?
        }

        var enabled: Bool
        var createdAt: Date
        var enabledAt: Date?
        var recoveryCodes: [RecoveryCode]
    }

    /// A second step a right password led to (its token is never kept).
    struct SignInChallengeRecord: Encodable, Sendable {
        var clientAddress: String?
        var attemptedAt: Date
        var expiresAt: Date
        var usedAt: Date?
    }

    private static func exportTwoStep(
        _ subject: ExportSubject, _ transaction: Transaction, at now: Date
    ) throws -> ExportFields {
        var fields = ExportFields()
        guard let accountId = subject.accountId else {
            fields.set("signInChallenges", [SignInChallengeRecord]())
            return fields
        }
        fields.set(
            "twoStep",
            try transaction.twoStep(accountId: accountId).map { record in
                TwoStep(
                    enabled: record.isEnabled, createdAt: record.createdAt, enabledAt: record.enabledAt,
                    recoveryCodes: try transaction.recoveryCodes(accountId: accountId).map {
                        .init(createdAt: $0.createdAt, usedAt: $0.usedAt)
                    })
            })
        fields.set(
            "signInChallenges",
            try transaction.signInChallenges(accountId: accountId).map {
                SignInChallengeRecord(
                    clientAddress: $0.clientAddress, attemptedAt: $0.attemptedAt, expiresAt: $0.expiresAt,
                    usedAt: $0.usedAt)
            })
        return fields
    }
}
