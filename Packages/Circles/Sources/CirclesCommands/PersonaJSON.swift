import Circles
import Foundation

/// One element of `personas --json`: `{profileId, displayName, type, active, lastUsed}` plus `username`.
struct PersonaJSON: Encodable, Sendable {
    let profileId: String
    let displayName: String
    let type: String
    let active: Bool
    let lastUsed: Date?
    let username: String?

    init(_ persona: Persona) {
        profileId = persona.profileId
        displayName = persona.displayName
        type = persona.type.rawValue
        active = persona.active
        lastUsed = persona.lastUsed
        username = persona.username
    }

    private enum CodingKeys: String, CodingKey { case profileId, displayName, type, active, lastUsed, username }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profileId, forKey: .profileId)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(type, forKey: .type)
        try container.encode(active, forKey: .active)
        try container.encode(lastUsed, forKey: .lastUsed)
        try container.encode(username, forKey: .username)
    }
}
