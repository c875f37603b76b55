import Identity

/// `member add --json` and `member remove --json`: the member's id and name.
struct MemberSummaryJSON: Encodable, Sendable {
    let memberId: String
    let displayName: String

    init(_ member: Member) {
        memberId = member.memberId
        displayName = member.displayName
    }
}
