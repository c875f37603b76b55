import Identity

/// The persona an account presents, as `whoami` shows it: `{profileId, displayName, type}`.
public struct WhoamiPersona: Sendable, Hashable {
    public var profileId: String
    public var displayName: String
    /// `primary`, or the shadow's type (`professional`, `personal`, `anonymous`).
    public var type: String

    public init(profileId: String, displayName: String, type: String) {
        self.profileId = profileId
        self.displayName = displayName
        self.type = type
    }
}

/// Where `whoami` finds the active persona: the Circles feature, when the product has it.
public protocol PersonaSource: Sendable {
    /// The principal's active persona; nil when it cannot be read (whoami then shows the primary).
    func persona(for principal: Principal) async -> WhoamiPersona?
}
