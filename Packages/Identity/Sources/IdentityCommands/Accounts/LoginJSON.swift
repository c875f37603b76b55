import IdentityWire

/// `login --json`: the account as `whoami` shows it, and `created` (a Google or Apple sign-in that made the account;
/// always false for a password, whose account already existed).
struct LoginJSON: Encodable, Sendable {
    let me: MeJSON
    let created: Bool

    private enum CodingKeys: String, CodingKey { case created }

    /// `whoami`'s keys and `created` in one object, so a script reads `login` as it reads `whoami`.
    func encode(to encoder: any Encoder) throws {
        try me.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(created, forKey: .created)
    }
}
