import Events
import IdentitySQL
import Kernel
import Storage
import Tokens
import TokensSQL

extension SQLStore
where Transaction == (any EventsStoreTransaction, any TokensStoreTransaction, any EventLogTransaction) {
    /// `EventsStore` on `database` (opened with Identity's, Circles', Tokens' and `EventsMigrations.all`): each
    /// transaction reads and writes Events', Tokens' and Identity's tables. On PostgreSQL a write is SERIALIZABLE and
    /// runs again whole when it loses to a concurrent one, so two servers claiming the same app's delivery at once end
    /// with one claim between them.
    public init(eventsOn database: any SQLDatabase) {
        self.init(database: database) {
            (SQLEventsTransaction($0), SQLTokensTransaction($0), SQLIdentityTransaction($0))
        }
    }
}
