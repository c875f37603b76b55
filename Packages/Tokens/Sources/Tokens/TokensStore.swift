import Circles
import Foundation
import Households
import Kernel

/// Where Tokens persists, sharing each transaction with Identity's and Circles' tables: a token is issued from the
/// session and household read in the same transaction as the app and the keys, and an access check reads Circles'
/// data with the app's credentials.
public typealias TokensStore = TransactionalStore<
    (any TokensStoreTransaction, any HouseholdsStoreTransaction, any CirclesStoreTransaction)
>

/// The reads and writes of registered apps and signing keys inside one store transaction. Plain data, no rules.
public protocol TokensStoreTransaction {
    // MARK: - Apps

    /// Every registered app, oldest first.
    func apps() throws -> [StoredApp]
    func app(id: String) throws -> StoredApp?
    func insertApp(_ app: StoredApp) throws
    /// Replaces the stored app with the same id.
    func updateApp(_ app: StoredApp) throws
    func deleteApp(id: String) throws

    // MARK: - Signing keys

    /// Every stored signing key, in any order (`KeyRotation` orders them).
    func signingKeys() throws -> [SigningKey]
    func insertSigningKey(_ key: SigningKey) throws
    func deleteSigningKey(id: String) throws
}
