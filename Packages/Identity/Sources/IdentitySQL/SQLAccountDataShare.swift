import Accounts
import Households
import Identity
import Storage

/// One feature's share in an account's data over an SQL connection: what it removes when an account is deleted, what
/// it adds to an export, and what it moves when a managed member graduates to an account, each run inside the one
/// transaction the deletion, export or claim opens.
///
/// A feature's SQL module gives its share (`SQLAccountDataShare.circles`...) as it gives its migrations, and the
/// composition takes both from each feature value it is given.
public struct SQLAccountDataShare: Sendable {
    public let feature: String
    let delete: @Sendable (AccountDeletion, any SQLConnection) throws -> Void
    let export: @Sendable (ExportSubject, any SQLConnection) throws -> (any Encodable & Sendable)?
    let graduate: (@Sendable (Graduation, any SQLConnection) throws -> Void)?

    /// The share of `feature`: `delete` removes or keeps its rows; `export` gives its part (nil: nothing about the
    /// subject); `graduate` moves the member's rows to the account that claimed it (nil: nothing to move).
    public init(
        feature: String, delete: @escaping @Sendable (AccountDeletion, any SQLConnection) throws -> Void,
        export: @escaping @Sendable (ExportSubject, any SQLConnection) throws -> (any Encodable & Sendable)?,
        graduate: (@Sendable (Graduation, any SQLConnection) throws -> Void)? = nil
    ) {
        self.feature = feature
        self.delete = delete
        self.export = export
        self.graduate = graduate
    }
}

/// Graduation's carry-over for every share that moves rows: the claim and each feature's move commit together, so a
/// product composes as many features with a member's data as it likes.
public struct SQLMemberCarryOver: MemberCarryOver {
    private let database: any SQLDatabase
    private let shares: [SQLAccountDataShare]

    /// Carries over through `shares` on `database`, the Identity store's own.
    public init(database: any SQLDatabase, shares: [SQLAccountDataShare]) {
        self.database = database
        self.shares = shares.filter { $0.graduate != nil }
    }

    public func write<T: Sendable>(
        _ claim: @Sendable (any IdentityStoreTransaction, _ carryOver: (Graduation) throws -> Void) throws -> T
    ) async throws -> T {
        let shares = shares
        return try await database.write(synchronous: true) { connection in
            try claim(SQLIdentityTransaction(connection)) { graduation in
                for share in shares { try share.graduate?(graduation, connection) }
            }
        }
    }
}

/// Every share over one open connection.
struct SQLAccountDataShares: AccountDataShares {
    let shares: [SQLAccountDataShare]
    let connection: any SQLConnection

    func delete(_ deletion: AccountDeletion) throws {
        // The later features refer to the earlier ones' rows, as their migrations do: removed last first.
        for share in shares.reversed() { try share.delete(deletion, connection) }
    }

    func export(_ subject: ExportSubject) throws -> [ExportPart] {
        try shares.compactMap { share in
            try share.export(subject, connection).map { ExportPart(feature: share.feature, value: $0) }
        }
    }
}

extension SQLStore where Transaction == (any IdentityStoreTransaction, any AccountDataShares) {
    /// Deletion's and export's store over `database`: Identity's transaction and every feature's share in it.
    public init(accountDataOn database: any SQLDatabase, shares: [SQLAccountDataShare]) {
        self.init(database: database) { connection in
            (SQLIdentityTransaction(connection), SQLAccountDataShares(shares: shares, connection: connection))
        }
    }
}
