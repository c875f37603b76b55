import Identity
import IdentitySQL
import Storage
import Votes

extension SQLStore where Transaction == (any VoteStoreTransaction, any IdentityStoreTransaction) {
    /// `VoteStore` on `database` (opened with `IdentityMigrations.all` and `VotesMigrations.all`): each transaction
    /// reads and writes both Votes' and Identity's tables, so a ballot and its acting record commit together.
    public init(votesOn database: any SQLDatabase) {
        self.init(database: database) { (SQLVoteTransaction($0), SQLIdentityTransaction($0)) }
    }
}
