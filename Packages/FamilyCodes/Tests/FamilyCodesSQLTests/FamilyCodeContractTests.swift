import FamilyCodes
import FamilyCodesSQL
import FamilyCodesTesting
import Foundation
import IdentitySQL
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// Every case of the family code contract (FamilyCodesTesting), with the one SQL store on SQLite and on PostgreSQL.
@Suite("Family codes (contract, SQLite and PostgreSQL)")
struct FamilyCodeContractTests {
    @Test(arguments: FamilyCodeContract.cases)
    func sqlite(_ check: ContractCase<FamilyCodesContractEnvironment>) async throws {
        let root = NSTemporaryDirectory() + "kith-familycodes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = FailingDatabase(
            try SQLiteDatabase.open(
                at: root + "/kith.sqlite", features: [IdentityMigrations.all, FamilyCodesMigrations.all]))
        try await check.run(
            in: FamilyCodesContractEnvironment(
                identityStore: SQLStore(identityOn: database), codeStore: SQLStore(familyCodesOn: database),
                statements: database))
    }

    /// A fresh schema on the cluster of `Tools/with-postgres`; PostgreSQL is a server's store, without a device.
    @Test(arguments: FamilyCodeContract.cases)
    func postgres(_ check: ContractCase<FamilyCodesContractEnvironment>) async throws {
        let database = FailingDatabase(
            try await TestPostgres.database([IdentityMigrations.all, FamilyCodesMigrations.all]))
        try await check.run(
            in: FamilyCodesContractEnvironment(
                identityStore: SQLStore(identityOn: database),
                codeStore: SQLStore(familyCodesOn: database), statements: database))
    }
}

/// FamilyCodes' events (FamilyCodesTesting), on SQLite and on PostgreSQL.
@Suite("FamilyCodes' events (contract, SQLite and PostgreSQL)")
struct FamilyCodesEventContractTests {
    @Test(arguments: FamilyCodesEventContract.cases)
    func sqlite(_ check: ContractCase<FamilyCodesContractEnvironment>) async throws {
        let root = NSTemporaryDirectory() + "kith-familycodes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = FailingDatabase(
            try SQLiteDatabase.open(
                at: root + "/kith.sqlite", features: [IdentityMigrations.all, FamilyCodesMigrations.all]))
        try await check.run(
            in: FamilyCodesContractEnvironment(
                identityStore: SQLStore(identityOn: database), codeStore: SQLStore(familyCodesOn: database),
                statements: database))
    }

    /// A fresh schema on the cluster of `Tools/with-postgres`; PostgreSQL is a server's store, without a device.
    @Test(arguments: FamilyCodesEventContract.cases)
    func postgres(_ check: ContractCase<FamilyCodesContractEnvironment>) async throws {
        let database = FailingDatabase(
            try await TestPostgres.database([IdentityMigrations.all, FamilyCodesMigrations.all]))
        try await check.run(
            in: FamilyCodesContractEnvironment(
                identityStore: SQLStore(identityOn: database),
                codeStore: SQLStore(familyCodesOn: database), statements: database))
    }
}
