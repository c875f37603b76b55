import Accounts
import Households

/// One row of the profile switcher: the signed-in account itself, or a managed member it guards.
public struct SwitchableProfile: Sendable, Codable, Hashable, Identifiable {
    /// The account id for the signed-in account; `managed_<uuid>` for a managed member.
    public var memberId: String
    public var displayName: String
    /// May be empty: then `monogram` stands in for a picture.
    public var avatarKey: String
    /// True for a managed member, false for the signed-in account.
    public var isManaged: Bool
    /// The accounts that guard a managed member, first guardian first; empty for the account itself.
    public var guardians: [String]

    /// Creates a profile value.
    public init(
        memberId: String, displayName: String, avatarKey: String = "", isManaged: Bool, guardians: [String] = []
    ) {
        self.memberId = memberId
        self.displayName = displayName
        self.avatarKey = avatarKey
        self.isManaged = isManaged
        self.guardians = guardians
    }

    public var id: String { memberId }

    /// The caption under the name: "You" for the signed-in account, "Family Member" for a managed member.
    public var typeLabel: String { isManaged ? Self.familyMemberLabel : Self.youLabel }

    /// The first grapheme of the display name, upper-cased: the avatar when `avatarKey` is empty.
    public var monogram: String {
        guard let first = displayName.first else { return "" }
        return String(first).uppercased()
    }

    public static let youLabel = "You"
    public static let familyMemberLabel = "Family Member"

    // MARK: - Factories

    /// The signed-in account's own profile.
    public static func authenticatedUser(_ account: Account) -> SwitchableProfile {
        SwitchableProfile(memberId: account.id, displayName: account.displayName, isManaged: false)
    }

    /// A managed member's profile.
    public static func managed(_ member: Member) -> SwitchableProfile {
        SwitchableProfile(
            memberId: member.memberId, displayName: member.displayName, avatarKey: member.avatarKey, isManaged: true,
            guardians: member.guardianAccountIds)
    }

    /// Stands in for the account until the profiles are loaded (or when nobody is signed in).
    public static let placeholder = SwitchableProfile(memberId: "placeholder", displayName: "", isManaged: false)
}
