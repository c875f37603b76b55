import Identity
import Kernel

/// Where preferences persist: one transaction seen both as preferences and as Identity, and no rules. The Identity
/// view lets the rules check guardianship and record acting in the same transaction as the preference write: the
/// write and its record happen together or not at all.
public typealias PreferencesStore = TransactionalStore<(any PreferencesStoreTransaction, any IdentityStoreTransaction)>

/// The plain reads and writes of stored preference values. Valid only inside a `read`/`write` body.
public protocol PreferencesStoreTransaction {
    /// Every stored key and raw value of a member (possibly unknown or malformed values).
    func values(memberId: String) throws -> [String: String]
    /// Stores a raw value under `key` for the member, replacing any previous one.
    func setValue(_ value: String, forKey key: String, memberId: String) throws
    /// Removes every stored value of the member.
    func removeValues(memberId: String) throws
}
