import Foundation
import KithComposition
import Mail
import SQLiteStorage

/// Mail for `kith` on its own file, from its environment: the SMTP server `KITH_SMTP_URL` (from `KITH_MAIL_FROM`,
/// as `KITH_SMTP_USER` with `KITH_SMTP_PASSWORD`, trusting the CA bundle `KITH_SMTP_CA_FILE` when set), else the Maildir `$XDG_DATA_HOME/kith/mail`, where each message
/// is a file `kith` names after writing it. `kith` sends only while it runs, so each run tries again what is queued.
struct LocalMail {
    let setup: MailSetup?
    /// The Maildir's folder when mail goes there.
    let maildir: String?

    init(environment: [String: String]) {
        let from = environment["KITH_MAIL_FROM"].flatMap { $0.isEmpty ? nil : $0 } ?? MailSettings.localDefault.from
        if let url = environment["KITH_SMTP_URL"], !url.isEmpty {
            // A URL that is not an SMTP server's sets up no mail: what needs mail says "Mail is not set up here".
            setup = try? MailSetup.smtp(
                url: url, user: environment["KITH_SMTP_USER"], password: environment["KITH_SMTP_PASSWORD"],
                from: from, caFile: environment["KITH_SMTP_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 },
                schedule: .everyRun)
            maildir = nil
        } else {
            let folder = DatabaseLocation.dataDirectory(environment: environment) + "/kith/mail"
            setup = MailSetup.maildir(folder, from: from, schedule: .everyRun)
            maildir = folder
        }
    }
}
