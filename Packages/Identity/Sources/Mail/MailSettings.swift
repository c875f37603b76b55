/// Who Kith's messages come from. Given to the services when mail is set up; without it nothing that needs mail is
/// offered ("Mail is not set up here").
public struct MailSettings: Sendable, Hashable {
    /// The sender's address (`--mail-from`, `KITH_MAIL_FROM`).
    public var from: String
    /// The name shown beside it.
    public var fromName: String

    /// Settings for messages from `from`.
    public init(from: String, fromName: String = "Kith") {
        self.from = from
        self.fromName = fromName
    }

    /// The sender when none is configured: a local address, as `kith` writing to its own Maildir uses.
    public static let localDefault = MailSettings(from: "kith@localhost")
}
