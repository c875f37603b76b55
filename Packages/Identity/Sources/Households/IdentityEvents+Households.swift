import Accounts
import Foundation
import Kernel

/// The households part of the catalogue (`IdentityEvents`).
extension IdentityEvents {
    /// Subject `memberId` (an account's own id for an independent member, then also `accountId`) and `householdId`;
    /// `data.kind`: `managed` or `independent`.
    public static let householdMemberAdded = EventType(
        "household.member_added", "A member was added to a household.")
    /// As `household.member_added`: a managed member removed by a guardian, an account that left or was removed by
    /// the owner, or a managed member removed with its household by an account's deletion.
    public static let householdMemberRemoved = EventType(
        "household.member_removed", "A member was removed from a household.")
    /// Subject `memberId` (the managed member's former id), `accountId` (the new account) and `householdId`.
    public static let memberGraduated = EventType(
        "member.graduated", "A managed member claimed its own account.")
    /// Subject `accountId` (the guardian), `memberId` and `householdId`.
    public static let guardianAdded = EventType("guardian.added", "An account became a managed member's guardian.")
    /// As `guardian.added`.
    public static let guardianRemoved = EventType(
        "guardian.removed", "An account stopped being a managed member's guardian.")
    /// Subject `memberId` and `householdId`; `data.requestId`.
    public static let approvalRequested = EventType(
        "approval.requested", "A managed member asked its guardians to approve something.")
    /// Subject `accountId` (the guardian who answered), `memberId` and `householdId`; `data.requestId` and
    /// `data.decision` (`approved` or `declined`).
    public static let approvalDecided = EventType("approval.decided", "A guardian approved or declined a request.")
    /// Subject `memberId` and `householdId`; `data.requestId`. Exactly one per request left unanswered past its
    /// expiry (`ApprovalService.expireApprovalRequests`).
    public static let approvalExpired = EventType(
        "approval.expired", "A request expired unanswered after 24 hours.")
}

extension HouseholdsStoreTransaction {
    /// Writes `household.member_added` or `household.member_removed` (`type`) for `member` of `householdId`.
    package func emitMembership(
        _ type: EventType, _ member: Member, householdId: String, at now: Date, random: any RandomSource
    ) throws {
        let independent = member.kind == .independent
        try emit(
            type,
            subject: EventSubject(
                accountId: independent ? member.memberId : nil, memberId: member.memberId, householdId: householdId),
            data: ["kind": independent ? "independent" : "managed"], at: now, random: random)
    }
}
