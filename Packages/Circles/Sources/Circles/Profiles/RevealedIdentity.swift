/// The primary a revealed shadow belongs to, as its viewers see it.
public struct RevealedIdentity: Sendable, Hashable {
    public var profileId: String
    public var displayName: String
    public var username: String?

    public init(profileId: String, displayName: String, username: String?) {
        self.profileId = profileId
        self.displayName = displayName
        self.username = username
    }
}
