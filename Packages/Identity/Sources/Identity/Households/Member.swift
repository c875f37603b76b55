import Foundation

/// One member of a household: an account (`independent`) or a managed member a guardian acts for.
public struct Member: Sendable, Codable, Hashable, Identifiable {
    /// The account id for an independent member; `managed_<uuid>` for a managed one.
    public var memberId: String
    /// For an independent member, the account's "First Last" when read.
    public var displayName: String
    public var kind: MemberKind
    public var role: HouseholdRole
    /// May be empty: then `monogram` stands in for a picture.
    public var avatarKey: String
    /// Accounts that guard this member, first guardian first; empty for independent members.
    public var guardianAccountIds: [String]
    public var addedAt: Date

    /// Creates a member value.
    public init(
        memberId: String, displayName: String, kind: MemberKind, role: HouseholdRole, avatarKey: String = "",
        guardianAccountIds: [String] = [], addedAt: Date
    ) {
        self.memberId = memberId
        self.displayName = displayName
        self.kind = kind
        self.role = role
        self.avatarKey = avatarKey
        self.guardianAccountIds = guardianAccountIds
        self.addedAt = addedAt
    }

    public var id: String { memberId }

    /// The first grapheme of the display name, upper-cased: the avatar when `avatarKey` is empty.
    public var monogram: String {
        guard let first = displayName.first else { return "" }
        return String(first).uppercased()
    }

    /// The prefix of managed member ids.
    public static let managedPrefix = "managed_"
}
