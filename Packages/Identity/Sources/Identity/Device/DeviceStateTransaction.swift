/// What one device keeps about its own accounts, inside a store transaction: the `kith` command line's state.
///
/// Never a server's: a server signs accounts in with bearer sessions and keeps no device. Stores that keep it (in
/// memory, SQLite) give it in the same transactions as `IdentityStoreTransaction`, through `DeviceIdentityStore`.
public protocol DeviceStateTransaction {
    /// Every saved account of this device, in no particular order.
    func savedAccounts() throws -> [SavedAccountRecord]
    /// Adds the saved account, or replaces the one with the same account id.
    func saveAccount(_ record: SavedAccountRecord) throws
    /// Forgets a saved account (the account itself stays).
    func removeSavedAccount(accountId: String) throws
    /// The account the device last signed in or switched to, persisted across runs.
    func currentAccountId() throws -> String?
    /// Persists the device's current account (nil: nobody).
    func setCurrentAccountId(_ accountId: String?) throws
}
