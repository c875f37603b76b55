/// Delivers rendered messages: SMTP for a configured server, a Maildir for `kith` without one and `--maildir`.
public protocol Mailer: Sendable {
    /// Delivers `mail`; returns what the receiving end answered (the SMTP server's reply, or where the file went),
    /// for the log. Throws `MailDeliveryError`.
    func deliver(_ mail: RenderedMail) async throws -> String
}

/// Why a delivery failed: the server's reply or the failure, for the log (never the message), and whether trying
/// again could help (a 5xx reply to the message will not; a 4xx reply, a timeout or no answer may).
public struct MailDeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// True when the receiving end refused the message for good.
    public var isPermanent: Bool
    /// The reply or the failure, for the log.
    public var reply: String

    /// Creates a delivery failure.
    public init(isPermanent: Bool, reply: String) {
        self.isPermanent = isPermanent
        self.reply = reply
    }

    public var description: String { reply }
}
