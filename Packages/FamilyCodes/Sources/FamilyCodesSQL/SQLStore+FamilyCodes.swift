import FamilyCodes
import Households
import IdentitySQL
import Storage

extension SQLStore where Transaction == (any FamilyCodeStoreTransaction, any HouseholdsStoreTransaction) {
    /// `FamilyCodeStore` on `database` (opened with `IdentityMigrations.all` and `FamilyCodesMigrations.all`): each
    /// transaction reads and writes both FamilyCodes' and Identity's tables. On PostgreSQL a write is SERIALIZABLE and
    /// runs again whole when it loses to a concurrent one, so a join's lock check, lookup, membership and log row
    /// hold with any number of servers.
    public init(familyCodesOn database: any SQLDatabase) {
        self.init(database: database) { (SQLFamilyCodeTransaction($0), SQLIdentityTransaction($0)) }
    }
}
