import Accounts
import Foundation
import Households
import Kernel

/// A household member: `GET /api/members`, the member routes, each of a household's `members`, and
/// `member guardian add|remove --json`. `monogram` is what stands in when `avatarKey` is empty.
public struct MemberJSON: Codable, Sendable, Equatable {
    public var memberId: String
    public var displayName: String
    public var kind: MemberKind
    public var role: HouseholdRole
    public var avatarKey: String
    public var monogram: String
    public var guardianAccountIds: [String]
    public var addedAt: Date
    /// The content ceiling (a managed member's, set by a guardian; an account's own).
    public var maturity: MaturityRating?
    /// `{lower, upper, method}`, or null when none was declared.
    @ExplicitNull public var ageRange: AgeRange?

    public init(_ member: Member) {
        maturity = member.maturity
        ageRange = member.ageRange
        memberId = member.memberId
        displayName = member.displayName
        kind = member.kind
        role = member.role
        avatarKey = member.avatarKey
        monogram = member.monogram
        guardianAccountIds = member.guardianAccountIds
        addedAt = member.addedAt
    }

    /// The member again (`monogram` follows from the name).
    public var member: Member {
        Member(
            memberId: memberId, displayName: displayName, kind: kind, role: role, avatarKey: avatarKey,
            guardianAccountIds: guardianAccountIds, addedAt: addedAt, maturity: maturity, ageRange: ageRange)
    }
}
