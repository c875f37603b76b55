import ProfileSession

/// One entry of `profiles --json` (also what `switch --json` prints for the profile switched to).
struct ProfileJSON: Encodable, Sendable {
    let memberId: String
    let displayName: String
    let typeLabel: String
    let isManaged: Bool
    let active: Bool
    let avatarKey: String
    let monogram: String

    init(_ profile: SwitchableProfile, active: Bool) {
        memberId = profile.memberId
        displayName = profile.displayName
        typeLabel = profile.typeLabel
        isManaged = profile.isManaged
        self.active = active
        avatarKey = profile.avatarKey
        monogram = profile.monogram
    }
}
