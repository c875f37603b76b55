import Identity
import IdentitySQL
import Preferences
import Storage

extension SQLStore where Transaction == (any PreferencesStoreTransaction, any IdentityStoreTransaction) {
    /// `PreferencesStore` on `database` (opened with `IdentityMigrations.all` and `PreferencesMigrations.all`): each
    /// transaction reads and writes both Preferences' and Identity's tables, so a preference write and its acting
    /// record commit together.
    public init(preferencesOn database: any SQLDatabase) {
        self.init(database: database) { (SQLPreferencesTransaction($0), SQLIdentityTransaction($0)) }
    }
}
