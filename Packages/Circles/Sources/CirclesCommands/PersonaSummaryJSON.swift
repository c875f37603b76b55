import Circles

/// `{displayName, username}`: who a request is from or a grant is to (`username` null until set).
struct PersonaSummaryJSON: Encodable, Sendable {
    let displayName: String
    let username: String?

    init(_ summary: PersonaSummary) {
        displayName = summary.displayName
        username = summary.username
    }

    private enum CodingKeys: String, CodingKey { case displayName, username }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(username, forKey: .username)
    }
}
