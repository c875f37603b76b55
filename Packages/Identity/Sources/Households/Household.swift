import Foundation

/// A household: a named group of up to eight members, owned by the account that created it.
public struct Household: Sendable, Codable, Hashable, Identifiable {
    /// UUID string.
    public var id: String
    public var name: String
    public var ownerAccountId: String
    public var createdAt: Date
    /// Every member, in the order they were added.
    public var members: [Member]

    /// Creates a household value.
    public init(id: String, name: String, ownerAccountId: String, createdAt: Date, members: [Member] = []) {
        self.id = id
        self.name = name
        self.ownerAccountId = ownerAccountId
        self.createdAt = createdAt
        self.members = members
    }

    /// The most members a household holds, managed and independent together.
    public static let capacity = 8

    /// The member with this id, if any.
    public func member(_ memberId: String) -> Member? { members.first { $0.memberId == memberId } }

    /// Managed members that `accountId` guards, in creation order: the members it may act as when this is its active
    /// household (the one rule of who may act as whom: ProfileSession's switch and `X-Acting-As-Member`, and Identity's
    /// own calls made while acting, all read it here).
    public func managedMembers(guardedBy accountId: String) -> [Member] {
        members.filter { $0.kind == .managed && $0.guardianAccountIds.contains(accountId) }
    }

    /// The member `memberId` when `accountId` may act as it (`managedMembers(guardedBy:)`), else nil.
    public func actableMember(_ memberId: String, by accountId: String) -> Member? {
        managedMembers(guardedBy: accountId).first { $0.memberId == memberId }
    }
}
