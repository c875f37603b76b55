import Foundation
import Mail
import Networking

/// Delivers through an SMTP server with Networking's libcurl client (STARTTLS when offered, or `smtps://`).
///
/// A 5xx reply to the message is a refusal for good; a 4xx reply, no connection, a timeout or TLS trouble may pass
/// on a later try. The answer kept for the log is the server's reply, never the message.
public struct SMTPMailer: Mailer {
    let client: CurlSMTPClient

    /// A mailer through the server `configuration` names.
    public init(configuration: SMTPConfiguration) {
        client = CurlSMTPClient(configuration: configuration)
    }

    public func deliver(_ mail: RenderedMail) async throws -> String {
        do {
            let reply = try await client.send(Data(mail.text.utf8), from: mail.sender, to: [mail.recipient])
            return reply.description
        } catch let error as NetworkingError {
            // A refused login (530, 534, 535, 538) is this server's configuration, which an operator fixes: the
            // message waits for that rather than being given up.
            let login = [530, 534, 535, 538].contains(error.smtpReply?.code ?? 0)
            throw MailDeliveryError(
                isPermanent: error.isPermanent && !login,
                reply: error.smtpReply?.description ?? error.detail ?? error.description
            )
        }
    }
}
