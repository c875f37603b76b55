import Foundation
import Kernel
import Mail

/// Mailed codes and the outbox, built from the transaction's plain reads and writes: a code is saved with the
/// accounts part and its message queued in the outbox, in one transaction.
extension AccountsStoreTransaction where Self: OutboxStoreTransaction {
    /// Queues `message` in this transaction: it is sent after the commit, and never when the transaction fails.
    ///
    /// A recipient the address grammar refuses is never queued: every address is checked where it enters, but an
    /// account made before the grammar was strict (such as `<evil@example.org>`) would otherwise have its mail sent
    /// to the address hidden inside it. The change itself goes on (such an account can still be deleted).
    package func queue(_ message: MailMessage, id: String, at now: Date) throws {
        guard (try? EmailAddress.validate(message.to)) != nil else { return }
        try insertOutboxEntry(OutboxEntry(id: id, mail: message.rendered(), createdAt: now))
    }

    /// Makes the account's new code of `purpose` for `email` (ending its older one), queues the message `content`
    /// makes of it, and counts the send against `limits` ("Please wait Ns before asking for another code." when one
    /// of them is locked, and then nothing changes).
    package func mailNewCode(
        _ purpose: EmailCode.Purpose, accountId: String, email: String, limits: [KeyedLimit],
        content: (String) -> (subject: String, body: String), settings: MailSettings, at now: Date,
        random: any RandomSource
    ) throws {
        try countAttempt(against: limits, at: now) { .waitForNewCode(retryAfter: $0) }
        let code = EmailCodeRules.newCode(purpose, random: random)
        try saveEmailCode(EmailCodeRules.record(code, accountId: accountId, purpose: purpose, email: email, at: now))
        let message = AccountMail.message(content(code), to: email, from: settings, at: now, random: random)
        try queue(message, id: random.uuidString(), at: now)
    }
}
