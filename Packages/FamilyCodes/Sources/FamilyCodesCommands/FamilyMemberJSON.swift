import FamilyCodes
import Foundation

/// One element of `family members --json`; `accountId` and `email` are null for a managed member.
struct FamilyMemberJSON: Encodable, Sendable {
    let memberId: String
    let accountId: String?
    let displayName: String
    let email: String?
    let kind: String
    let role: String
    let addedAt: Date

    init(_ member: FamilyMember) {
        memberId = member.memberId
        accountId = member.accountId
        displayName = member.displayName
        email = member.email
        kind = member.kind.rawValue
        role = member.role.rawValue
        addedAt = member.addedAt
    }

    private enum CodingKeys: String, CodingKey {
        case memberId, accountId, displayName, email, kind, role, addedAt
    }

    func encode(to encoder: any Encoder) throws {
        // Every field is present, null included, so scripts can rely on the keys.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(memberId, forKey: .memberId)
        try container.encode(accountId, forKey: .accountId)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(email, forKey: .email)
        try container.encode(kind, forKey: .kind)
        try container.encode(role, forKey: .role)
        try container.encode(addedAt, forKey: .addedAt)
    }
}
