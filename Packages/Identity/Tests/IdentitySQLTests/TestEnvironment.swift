import Foundation
import Identity
import IdentityMemory
import IdentitySQL
import IdentityTesting
import Kernel
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// The stores the tests of this target build: every rule must hold on each.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case sqlite
    /// A fresh schema on the cluster of `Tools/with-postgres`.
    case postgres

    var testDescription: String { rawValue }

    /// The stores this target runs the contract suites over (the domain's tests run them in memory).
    static let contract: [StoreKind] = [.sqlite, .postgres]
}

/// A fresh store of one kind, in a temporary folder that lives as long as it does, and the contract environment
/// over it.
final class TestEnvironment: Sendable {
    let contract: IdentityContractEnvironment
    let folder: TemporaryFolder
    let databasePath: String

    init(_ kind: StoreKind) async throws {
        folder = TemporaryFolder()
        databasePath = folder.path("kith.sqlite")
        switch kind {
        case .memory:
            contract = IdentityContractEnvironment(store: InMemoryIdentityStore())
        case .sqlite:
            // `kith`'s file: the device's tables beside Identity's.
            let database = try SQLiteDatabase.open(at: databasePath, features: [IdentityMigrations.all])
            contract = IdentityContractEnvironment(
                store: SQLStore(identityOn: database), deviceStore: SQLDeviceStore(database: database))
        case .postgres:
            // A server's database; the device beside it keeps its state in memory.
            contract = IdentityContractEnvironment(
                store: SQLStore(identityOn: try await TestPostgres.database([IdentityMigrations.all])))
        }
    }

    var clock: ManualClock { contract.clock }
    var store: any IdentityStore { contract.store }
}

extension ContractCase<IdentityContractEnvironment> {
    /// Runs the case over a fresh store of `kind`, its folder kept until the case ends.
    func run(on kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        defer { withExtendedLifetime(env) {} }
        try await run(in: env.contract)
    }
}

final class TemporaryFolder: Sendable {
    let root: String

    init() {
        root = NSTemporaryDirectory() + "kith-identity-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }
}
