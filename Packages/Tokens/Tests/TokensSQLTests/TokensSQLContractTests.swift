import Foundation
import PostgresStorageTesting
import SQLiteStorage
import StorageTesting
import Testing
import TokensTesting

/// Every case of the Tokens contract (TokensTesting), with the SQL stores on SQLite and on PostgreSQL.
@Suite("Tokens (contract, SQLite and PostgreSQL)")
struct TokensSQLContractTests {
    @Test(arguments: TokensContract.cases)
    func sqlite(_ check: ContractCase<TokensContractEnvironment>) async throws {
        let root = NSTemporaryDirectory() + "kith-tokens-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = try SQLiteDatabase.open(
            at: root + "/kith.sqlite", features: TokensContractEnvironment.migrations)
        try await check.run(in: .sql(database))
    }

    /// A fresh schema on the cluster of `Tools/with-postgres`.
    @Test(arguments: TokensContract.cases)
    func postgres(_ check: ContractCase<TokensContractEnvironment>) async throws {
        try await check.run(in: .sql(try await TestPostgres.database(TokensContractEnvironment.migrations)))
    }
}
