import FamilyCodes
import Foundation
import Households
import IdentityWire
import Kernel

/// A member of a player's family (`family members --json`, `GET /api/family/members`); `accountId` and `email`
/// are null for a managed member.
public struct FamilyMemberJSON: Codable, Sendable, Equatable {
    public var memberId: String
    @ExplicitNull public var accountId: String?
    public var displayName: String
    @ExplicitNull public var email: String?
    public var kind: MemberKind
    public var role: HouseholdRole
    public var addedAt: Date

    public init(_ member: FamilyMember) {
        memberId = member.memberId
        accountId = member.accountId
        displayName = member.displayName
        email = member.email
        kind = member.kind
        role = member.role
        addedAt = member.addedAt
    }

    public var member: FamilyMember {
        FamilyMember(
            memberId: memberId, accountId: accountId, displayName: displayName, email: email, kind: kind, role: role,
            addedAt: addedAt)
    }
}

/// `GET /api/family/members`.
public struct FamilyMemberListJSON: Codable, Sendable, Equatable {
    public var members: [FamilyMemberJSON]

    public init(_ members: [FamilyMember]) {
        self.members = members.map(FamilyMemberJSON.init)
    }
}

/// `DELETE /api/family/members/{id}`: the member removed.
public struct FamilyMemberRemovedJSON: Codable, Sendable, Equatable {
    public var success: Bool
    public var member: FamilyMemberJSON

    public init(_ member: FamilyMember) {
        success = true
        self.member = FamilyMemberJSON(member)
    }
}
