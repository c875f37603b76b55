/// The seed's stats row (Profile Home): how many contacts and circles the account has, as `whoami --json` and
/// `profile show --json` give it in `stats`.
public struct ProfileStatsJSON: Codable, Sendable, Equatable {
    public var contacts: Int
    public var circles: Int

    public init(contacts: Int, circles: Int) {
        self.contacts = contacts
        self.circles = circles
    }

    /// `1 contact · 6 circles`: the row as a line.
    public var text: String {
        "\(contacts) \(contacts == 1 ? "contact" : "contacts") · \(circles) \(circles == 1 ? "circle" : "circles")"
    }
}
