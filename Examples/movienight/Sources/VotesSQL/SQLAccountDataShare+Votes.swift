import IdentitySQL
import Storage
import Votes

extension SQLAccountDataShare {
    /// Votes' share in deleting and exporting an account, and in graduation: the member's ballots become the new
    /// account's (`VotesAccountData`).
    public static let votes = SQLAccountDataShare(
        feature: "votes",
        delete: { deletion, connection in
            try VotesAccountData.delete(deletion, SQLVoteTransaction(connection))
        },
        export: { subject, connection in
            try VotesAccountData.export(subject, SQLVoteTransaction(connection))
        },
        graduate: { graduation, connection in
            try VotesAccountData.graduate(graduation, SQLVoteTransaction(connection))
        })
}
