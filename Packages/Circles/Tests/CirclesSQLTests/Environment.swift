import Accounts
import Circles
import CirclesSQL
import CirclesTesting
import Foundation
import Identity
import IdentityMemory
import IdentitySQL
import Kernel
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing

/// The stores the contract suite runs against: every rule must hold on each.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case sqlite
    /// A fresh schema on the cluster of `Tools/with-postgres`.
    case postgres

    /// The stores another process (or server) can share: SQLite's file, PostgreSQL's database.
    static let shared: [StoreKind] = [.sqlite, .postgres]

    var testDescription: String { rawValue }
}

/// Identity and Circles over one store (in memory, one SQLite file, or one PostgreSQL schema), with a test clock
/// and random source: the contract's environment (CirclesTesting) and where its data lives.
final class Environment: Sendable {
    let kind: StoreKind
    let contract: CirclesContractEnvironment
    let folder = TemporaryFolder()
    var root: String { folder.root }

    var path: String { root + "/kith.sqlite" }
    /// The schema's URL, for `.postgres`.
    let postgresURL: String?

    var clock: ManualClock { contract.clock }
    var random: SeededRandomSource { contract.random }
    var identityStore: any IdentityStore { contract.identityStore }
    var store: any CirclesStore { contract.store }
    var identity: LocalIdentityService { contract.identity }
    var service: LocalCirclesService { contract.service }

    init(_ kind: StoreKind) async throws {
        self.kind = kind
        var postgresURL: String?
        switch kind {
        case .memory:
            let memory = InMemoryIdentityStore()
            contract = CirclesContractEnvironment(
                identityStore: memory, circlesStore: InMemoryCirclesStore(identity: memory))
        case .sqlite:
            let path = folder.root + "/kith.sqlite"
            let database = FailingDatabase(try Self.open(path))
            let sqlite = SQLStore(identityOn: database)
            contract = CirclesContractEnvironment(
                identityStore: sqlite, circlesStore: SQLStore(circlesOn: database), statements: database,
                reopen: { SQLStore(circlesOn: try Environment.open(path)) })
        case .postgres:
            // PostgreSQL is a server's store: it keeps no device.
            let url = try await TestPostgres.freshSchemaURL()
            let database = FailingDatabase(try await Self.open(url: url))
            postgresURL = url
            contract = CirclesContractEnvironment(
                identityStore: SQLStore(identityOn: database),
                circlesStore: SQLStore(circlesOn: database), statements: database,
                reopen: { SQLStore(circlesOn: try await Environment.open(url: url)) })
        }
        self.postgresURL = postgresURL
    }

    static func open(_ path: String) throws -> SQLiteDatabase {
        try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, CirclesMigrations.all])
    }

    /// A database over the PostgreSQL schema at `url` (another server's pool when opened again).
    static func open(url: String, size: Int = 4) async throws -> PostgresDatabase {
        try await PostgresDatabase.open(
            url: url, features: [IdentityMigrations.all, CirclesMigrations.all], size: size)
    }

    /// Another process: a new service (own engine), on the same file for SQLite, on the same schema (through a
    /// pool of its own) for PostgreSQL, on the same store in memory.
    func restarted() async throws -> LocalCirclesService { try await contract.restarted() }

    /// Registers `first@example.com` ("First Tester") with a bearer session, as on a server; returns its principal.
    func account(_ first: String, last: String = "Tester") async throws -> Principal {
        try await contract.account(first, last: last)
    }
}

final class TemporaryFolder: Sendable {
    let root: String

    init() {
        root = NSTemporaryDirectory() + "kith-circles-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

/// Runs `check` over a fresh environment on `kind`, its files kept until the check ends.
func run(_ check: ContractCase<CirclesContractEnvironment>, on kind: StoreKind) async throws {
    let env = try await Environment(kind)
    try await check.run(in: env.contract)
    withExtendedLifetime(env) {}
}
