import Foundation

/// A profile as the persona switcher (card deck) lists it.
public struct Persona: Sendable, Hashable {
    public var profileId: String
    public var displayName: String
    public var type: ProfileType
    public var active: Bool
    public var lastUsed: Date?
    /// The profile's username (nil until set), for the card deck.
    public var username: String?

    public init(
        profileId: String, displayName: String, type: ProfileType, active: Bool, lastUsed: Date?,
        username: String? = nil
    ) {
        self.profileId = profileId
        self.displayName = displayName
        self.type = type
        self.active = active
        self.lastUsed = lastUsed
        self.username = username
    }
}
