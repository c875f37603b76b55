import Circles
import Foundation
import IdentityWire
import Kernel

/// One card of the persona switcher (`GET /api/personas`, `POST /api/personas/switch`, `personas` and `persona
/// switch --json`): CLI.md's `{profileId, displayName, type, active, lastUsed}` plus `username`, both null until set.
public struct PersonaCardJSON: Codable, Sendable, Equatable {
    public var profileId: String
    public var displayName: String
    public var type: ProfileType
    public var active: Bool
    @ExplicitNull public var lastUsed: Date?
    @ExplicitNull public var username: String?

    /// The JSON of `persona`.
    public init(_ persona: Persona) {
        profileId = persona.profileId
        displayName = persona.displayName
        type = persona.type
        active = persona.active
        lastUsed = persona.lastUsed
        username = persona.username
    }

    /// The persona again.
    public var persona: Persona {
        Persona(
            profileId: profileId, displayName: displayName, type: type, active: active, lastUsed: lastUsed,
            username: username)
    }
}
