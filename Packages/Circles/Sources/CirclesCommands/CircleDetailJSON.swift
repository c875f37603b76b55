import Circles

/// `circle show --json` (and `circle add/remove`): the circle's `{circleId, name, kind, emoji, color, memberCount}`,
/// its `members` (as `contacts`), the active persona's `access` column and the `pendingRequests`.
struct CircleDetailJSON: Encodable, Sendable {
    let detail: CircleDetail

    init(_ detail: CircleDetail) { self.detail = detail }

    private enum CodingKeys: String, CodingKey {
        case circleId, name, kind, emoji, color, memberCount, members, profileId, access, pendingRequests
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let circle = detail.circle
        try container.encode(circle.id, forKey: .circleId)
        try container.encode(circle.name, forKey: .name)
        try container.encode(circle.kind, forKey: .kind)
        try container.encode(circle.emoji, forKey: .emoji)
        try container.encode(circle.color, forKey: .color)
        try container.encode(circle.memberCount, forKey: .memberCount)
        try container.encode(detail.members, forKey: .members)
        try container.encode(detail.profileId, forKey: .profileId)
        var access: [String: String] = [:]
        for (field, value) in detail.access { access[field.rawValue] = value.rawValue }
        try container.encode(access, forKey: .access)
        try container.encode(detail.pendingRequests.map(RequestJSON.init), forKey: .pendingRequests)
    }
}
