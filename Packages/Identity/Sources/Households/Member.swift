import Accounts
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
    /// A managed member's content ceiling, set by a guardian (`all-ages` when new). An independent member's is its
    /// account's, filled in where the household is read with its members' names.
    public var maturity: MaturityRating
    /// A managed member's age range as a guardian declared it, if one did; an independent member's is its account's.
    public var ageRange: AgeRange?

    /// Creates a member value.
    public init(
        memberId: String, displayName: String, kind: MemberKind, role: HouseholdRole, avatarKey: String = "",
        guardianAccountIds: [String] = [], addedAt: Date, maturity: MaturityRating? = nil, ageRange: AgeRange? = nil
    ) {
        self.maturity = maturity ?? (kind == .managed ? .newMember : .account)
        self.ageRange = ageRange
        self.memberId = memberId
        self.displayName = displayName
        self.kind = kind
        self.role = role
        self.avatarKey = avatarKey
        self.guardianAccountIds = guardianAccountIds
        self.addedAt = addedAt
    }

    public var id: String { memberId }

    private enum CodingKeys: String, CodingKey {
        case memberId, displayName, kind, role, avatarKey, guardianAccountIds, addedAt, maturity, ageRange
    }

    /// Decodes a member; one kept before maturity and age existed (a client's saved profiles) gets the defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            memberId: try container.decode(String.self, forKey: .memberId),
            displayName: try container.decode(String.self, forKey: .displayName),
            kind: try container.decode(MemberKind.self, forKey: .kind),
            role: try container.decode(HouseholdRole.self, forKey: .role),
            avatarKey: try container.decode(String.self, forKey: .avatarKey),
            guardianAccountIds: try container.decode([String].self, forKey: .guardianAccountIds),
            addedAt: try container.decode(Date.self, forKey: .addedAt),
            maturity: try container.decodeIfPresent(MaturityRating.self, forKey: .maturity),
            ageRange: try container.decodeIfPresent(AgeRange.self, forKey: .ageRange))
    }

    /// The first grapheme of the display name, upper-cased: the avatar when `avatarKey` is empty.
    public var monogram: String {
        guard let first = displayName.first else { return "" }
        return String(first).uppercased()
    }

    /// The prefix of managed member ids.
    public static let managedPrefix = "managed_"
}
