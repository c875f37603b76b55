import Foundation
import IdentityMail
import Mail
import Networking

/// Mail as a composition sets it up: who messages come from, what delivers them, and when failures are retried.
public struct MailSetup: Sendable {
    public var settings: MailSettings
    public var mailer: any Mailer
    public var schedule: OutboxSchedule

    /// Mail from `settings` delivered by `mailer`.
    public init(settings: MailSettings, mailer: any Mailer, schedule: OutboxSchedule = .standard) {
        self.settings = settings
        self.mailer = mailer
        self.schedule = schedule
    }
}

extension MailSetup {
    /// Mail through the SMTP server at `url` (user and password when it asks), from `from`; `caFile` is a PEM bundle of
    /// the certificate authorities to trust instead of the system's (an operator's own CA), verification staying on.
    public static func smtp(
        url: String, user: String?, password: String?, from: String, caFile: String? = nil,
        schedule: OutboxSchedule = .standard
    ) throws(NetworkingError) -> MailSetup {
        MailSetup(
            settings: MailSettings(from: from),
            mailer: SMTPMailer(
                configuration: try SMTPConfiguration(
                    url: url, username: user, password: password, caBundlePath: caFile)),
            schedule: schedule)
    }

    /// Mail written into the Maildir at `path`, from `from`.
    public static func maildir(_ path: String, from: String, schedule: OutboxSchedule = .standard) -> MailSetup {
        MailSetup(
            settings: MailSettings(from: from), mailer: MaildirMailer(folder: URL(fileURLWithPath: path)),
            schedule: schedule)
    }
}
