import Circles
import CirclesSQL
import Households
import IdentitySQL
import Storage
import Tokens

extension SQLStore
where Transaction == (any TokensStoreTransaction, any HouseholdsStoreTransaction, any CirclesStoreTransaction) {
    /// `TokensStore` on `database` (opened with `IdentityMigrations.all`, `CirclesMigrations.all` and
    /// `TokensMigrations.all`): each transaction reads and writes Tokens', Identity's and Circles' tables. On
    /// PostgreSQL a write is SERIALIZABLE and runs again whole when it loses to a concurrent one, so two servers that
    /// both find no signing key add exactly one between them.
    public init(tokensOn database: any SQLDatabase) {
        self.init(database: database) {
            (SQLTokensTransaction($0), SQLIdentityTransaction($0), SQLCirclesTransaction($0))
        }
    }
}
