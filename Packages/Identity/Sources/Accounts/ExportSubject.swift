/// Whose data an export holds, as every feature's share reads it.
public struct ExportSubject: Sendable, Hashable {
    /// An account's own export, or a guardian's export of a managed member (COPPA's parental review).
    public enum Kind: String, Sendable, Codable {
        case account, member
    }

    public let kind: Kind
    /// The account's id, or the managed member's.
    public let id: String
    /// Every member whose per-member data belongs in the document: the account and the managed members it guards,
    /// or the one managed member.
    public let memberIds: [String]
    /// The households the subject belongs to.
    public let householdIds: [String]

    public init(kind: Kind, id: String, memberIds: [String], householdIds: [String]) {
        self.kind = kind
        self.id = id
        self.memberIds = memberIds
        self.householdIds = householdIds
    }

    /// The account's id when this is an account's own export.
    public var accountId: String? { kind == .account ? id : nil }
}
