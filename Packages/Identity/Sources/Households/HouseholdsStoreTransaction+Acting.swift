import Accounts
import Foundation
import Kernel

/// Acting as a managed member, as every feature's rules check and record it: the one rule of who may act as whom
/// (`Household.managedMembers(guardedBy:)`), and the one writer of the guardians' audit.
extension HouseholdsStoreTransaction {
    /// The household and member `principal` acts as, when its account (`account`, already authenticated) may still
    /// act as it: a managed member of the account's active household that the account guards. Nil when it may not
    /// (a guardian removed, a household switched, the member gone); each feature refuses that with its own error.
    /// `principal` must be acting.
    public func actedMember(
        of principal: Principal, account: Account
    ) throws -> (household: Household, member: Member)? {
        guard let acting = principal.actingAs, let household = try activeHousehold(accountId: account.id),
            let member = household.actableMember(acting.memberId, by: account.id)
        else { return nil }
        return (household, member)
    }

    /// Records `action`, a write `account` made while acting as `member`, for the guardians' audit (`activity`): the
    /// account is the actor, the member the subject.
    public func recordActing(
        _ action: String, by account: Account, as member: Member, at now: Date, random: any RandomSource
    ) throws {
        try insertActingRecord(
            ActingRecord(
                id: random.uuidString(), actorAccountId: account.id, subjectMemberId: member.memberId,
                subjectDisplayName: member.displayName, action: action, at: now))
    }
}
