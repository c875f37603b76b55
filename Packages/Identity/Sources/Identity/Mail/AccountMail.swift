import Foundation

/// The messages the account rules send: their subjects and texts, written once.
public enum AccountMail {
    /// The code that verifies `email` after sign-up (or `verify --resend`).
    public static func verificationCode(_ code: String, to email: String) -> (subject: String, body: String) {
        (
            "Your Kith verification code: \(code)",
            """
            Your Kith verification code is \(code).

            Use `verify \(code)` to confirm this email address. The code works for 30 minutes.

            If you did not sign up for Kith, you can ignore this message.
            """
        )
    }

    /// A message of `content` from `settings` to `email`, dated `now`, with a new Message-ID.
    public static func message(
        _ content: (subject: String, body: String), to email: String, from settings: MailSettings, at now: Date,
        random: any RandomSource
    ) -> MailMessage {
        let domain = settings.from.split(separator: "@").last.map(String.init) ?? "localhost"
        return MailMessage(
            from: settings.from, fromName: settings.fromName, to: email, subject: content.subject,
            body: content.body + "\n", date: now, messageId: "\(random.uuidString())@\(domain)")
    }
}
