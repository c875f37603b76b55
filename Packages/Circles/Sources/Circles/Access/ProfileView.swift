/// A profile as one viewer gets it (`look`, `view-as`): allowed values, nil for the rest; the fields it may ask for.
public struct ProfileView: Sendable, Hashable {
    public var profileId: String
    /// Every field: its value when allowed (nil when unset), nil when denied or ask.
    public var fields: [Field: String?]
    /// The fields that are ask for this viewer: it may request them.
    public var ask: [Field]
    /// The primary behind a revealed shadow; nil otherwise (always nil for a primary).
    public var revealedAs: RevealedIdentity?
    /// What each field is for this viewer (allow, deny or ask).
    public var access: [Field: Access]

    public init(
        profileId: String, fields: [Field: String?], ask: [Field], revealedAs: RevealedIdentity?,
        access: [Field: Access]
    ) {
        self.profileId = profileId
        self.fields = fields
        self.ask = ask
        self.revealedAs = revealedAs
        self.access = access
    }
}
