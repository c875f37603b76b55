import ProfileSession

/// One profile the caller may act as, the active one marked: each entry of `GET /api/profiles` and
/// `profiles --json`. `monogram` is what stands in when `avatarKey` is empty.
public struct SwitchableProfileJSON: Codable, Sendable, Equatable {
    public var memberId: String
    public var displayName: String
    /// `You` for the account itself, `Family Member` for a managed member.
    public var typeLabel: String
    public var isManaged: Bool
    public var active: Bool
    public var avatarKey: String
    public var monogram: String

    /// The JSON of `profile`; `active` when it is the one acted as (or the account, when acting as itself).
    public init(_ profile: SwitchableProfile, active: Bool) {
        memberId = profile.memberId
        displayName = profile.displayName
        typeLabel = profile.typeLabel
        isManaged = profile.isManaged
        self.active = active
        avatarKey = profile.avatarKey
        monogram = profile.monogram
    }

    /// The profile again, without its guardians (they are not sent).
    public var profile: SwitchableProfile {
        SwitchableProfile(memberId: memberId, displayName: displayName, avatarKey: avatarKey, isManaged: isManaged)
    }
}
