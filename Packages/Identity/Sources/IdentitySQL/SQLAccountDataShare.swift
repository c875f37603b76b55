import Identity
import Storage

/// One feature's share in an account's data over an SQL connection: what it removes when an account is deleted and
/// what it adds to an export, run inside the one transaction the deletion or export opens.
///
/// A feature's SQL module gives its share (`SQLAccountDataShare.circles`...) as it gives its migrations, and the
/// composition lists each feature once with both (`KithSchema.features`).
public struct SQLAccountDataShare: Sendable {
    public let feature: String
    let delete: @Sendable (AccountDeletion, any SQLConnection) throws -> Void
    let export: @Sendable (ExportSubject, any SQLConnection) throws -> (any Encodable & Sendable)?

    /// The share of `feature`: `delete` removes or keeps its rows; `export` gives its part (nil: nothing about the
    /// subject).
    public init(
        feature: String, delete: @escaping @Sendable (AccountDeletion, any SQLConnection) throws -> Void,
        export: @escaping @Sendable (ExportSubject, any SQLConnection) throws -> (any Encodable & Sendable)?
    ) {
        self.feature = feature
        self.delete = delete
        self.export = export
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
