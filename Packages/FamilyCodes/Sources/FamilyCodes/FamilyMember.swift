import Foundation
import Households

/// A member of a player's family as the player sees it: everyone but the player.
public struct FamilyMember: Sendable, Codable, Hashable {
    public var memberId: String
    /// The account, for an independent member (a parent who joined); nil for a managed member.
    public var accountId: String?
    public var displayName: String
    /// The account's email; nil for a managed member.
    public var email: String?
    public var kind: MemberKind
    public var role: HouseholdRole
    public var addedAt: Date

    /// Creates a value.
    public init(
        memberId: String, accountId: String?, displayName: String, email: String?, kind: MemberKind,
        role: HouseholdRole, addedAt: Date
    ) {
        self.memberId = memberId
        self.accountId = accountId
        self.displayName = displayName
        self.email = email
        self.kind = kind
        self.role = role
        self.addedAt = addedAt
    }
}
