import Foundation
import Identity

/// A household member as `household --json` lists it (also `member guardian add|remove`).
struct MemberJSON: Encodable, Sendable {
    let memberId: String
    let displayName: String
    let kind: String
    let role: String
    let avatarKey: String
    let guardianAccountIds: [String]
    let addedAt: Date

    init(_ member: Member) {
        memberId = member.memberId
        displayName = member.displayName
        kind = member.kind.rawValue
        role = member.role.rawValue
        avatarKey = member.avatarKey
        guardianAccountIds = member.guardianAccountIds
        addedAt = member.addedAt
    }
}
