import Accounts
import Households

/// Votes' share in an account's data. Deleted: the account's own ballots in every household, and every ballot of
/// the households that go with it (the ballots of its managed members stay with them and their other guardians, as
/// Preferences keeps theirs). Exported: the ballots of every member the export covers (the account's own and those
/// of the managed members it guards, or the one member reviewed), as Preferences exports its values.
public enum VotesAccountData {
    public static func delete(_ deletion: AccountDeletion, _ votes: any VoteStoreTransaction) throws {
        try votes.removeBallots(memberId: deletion.account.id)
        for householdId in deletion.removedHouseholdIds { try votes.removeBallots(householdId: householdId) }
    }

    /// Graduation's share: the managed member's ballots become the new account's (it stays in the same household),
    /// run in the claim's transaction before the managed member is removed, so the removal takes nothing of them.
    public static func graduate(_ graduation: Graduation, _ votes: any VoteStoreTransaction) throws {
        for var ballot in try votes.ballots(memberIds: [graduation.memberId]) {
            ballot.memberId = graduation.accountId
            try votes.saveBallot(ballot)
        }
        try votes.removeBallots(memberId: graduation.memberId)
    }

    /// The ballots of each member `subject` covers, earliest first; nil when none has any.
    public static func export(_ subject: ExportSubject, _ votes: any VoteStoreTransaction) throws -> VotesExport? {
        let ballots = try votes.ballots(memberIds: subject.memberIds)
        return ballots.isEmpty ? nil : VotesExport(ballots: ballots)
    }
}

/// Votes' part of an export: every ballot as stored (household, member, title, thumb, rating, when).
public struct VotesExport: Encodable, Sendable, Hashable {
    public var ballots: [Ballot]
}
