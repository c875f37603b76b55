import Foundation
import Kernel

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

    /// The code that sets a new password (`password forgot`).
    public static func recoveryCode(_ code: String, to email: String) -> (subject: String, body: String) {
        (
            "Your Kith password reset code",
            """
            Someone (we hope you) asked to set a new password for the Kith account \(email).

            Your code is \(code). Use `password reset \(email) --code \(code)`. The code works for 15 minutes.

            If it was not you, ignore this message: your password has not changed.
            """
        )
    }

    /// The notice that an account's password was changed with a recovery code.
    public static func passwordChanged(email: String) -> (subject: String, body: String) {
        (
            "Your Kith password was changed",
            """
            The password of your Kith account \(email) was changed with a code sent to this address, and every session
            of the account has ended.

            If this was not you, use `password forgot \(email)` to set a new password at once.
            """
        )
    }

    /// The code that confirms a new email (`email change`), sent to the new address.
    public static func emailChangeCode(_ code: String, to email: String) -> (subject: String, body: String) {
        (
            "Your Kith email change code: \(code)",
            """
            Your Kith email change code is \(code).

            Use `email confirm \(code)` to make \(email) your Kith account's email. The code works for 30 minutes.

            If you did not ask for this, you can ignore this message.
            """
        )
    }

    /// The notice to the old address that the account's email changed to `newEmail` (named only masked).
    public static func emailChanged(to newEmail: String) -> (subject: String, body: String) {
        (
            "Your Kith email was changed",
            """
            Your Kith account's email was changed to \(masked(newEmail)). This address no longer signs in to it.

            If this was not you, contact whoever runs your Kith service at once.
            """
        )
    }

    /// The notice that the account of `email` was deleted, with everything it held.
    public static func accountDeleted(email: String) -> (subject: String, body: String) {
        (
            "Your Kith account was deleted",
            """
            Your Kith account \(email) was deleted, with everything it held. Nothing of it can be brought back.

            This address may sign up again at any time, as a new account. If this was not you, contact whoever runs
            your Kith service at once.
            """
        )
    }

    /// `dana@example.com` as `d***@e***.com`: enough to recognise, not enough to learn.
    public static func masked(_ email: String) -> String {
        let parts = email.split(separator: "@", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return "***" }
        let labels = parts[1].split(separator: ".").map(String.init)
        let top = labels.count > 1 ? "." + (labels.last ?? "") : ""
        return "\(parts[0].prefix(1))***@\(parts[1].prefix(1))***\(top)"
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
