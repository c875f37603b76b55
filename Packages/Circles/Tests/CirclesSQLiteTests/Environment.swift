import Circles
import CirclesPostgres
import CirclesSQLite
import Foundation
import Identity
import IdentityPostgres
import IdentitySQLite
import PostgresStorage
import PostgresStorageTesting
import Storage
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
/// and random source.
final class Environment: Sendable {
    let kind: StoreKind
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 2027)
    let identityStore: any IdentityStore
    let store: FailingStore
    let identity: LocalIdentityService
    let service: LocalCirclesService
    let folder = TemporaryFolder()
    var root: String { folder.root }

    var path: String { root + "/kith.sqlite" }
    /// The schema's URL, for `.postgres`.
    let postgresURL: String?

    init(_ kind: StoreKind) async throws {
        self.kind = kind
        var postgresURL: String?
        let circlesStore: any CirclesStore
        // PostgreSQL is a server's store: it keeps no device.
        var deviceStore: (any DeviceIdentityStore)?
        switch kind {
        case .memory:
            let memory = InMemoryIdentityStore()
            deviceStore = memory
            identityStore = memory
            circlesStore = InMemoryCirclesStore(identity: memory)
        case .sqlite:
            let database = try Self.open(folder.root + "/kith.sqlite")
            let sqlite = SQLiteIdentityStore(database: database)
            deviceStore = sqlite
            identityStore = sqlite
            circlesStore = SQLiteCirclesStore(database: database)
        case .postgres:
            let url = try await TestPostgres.freshSchemaURL()
            let database = try await Self.open(url: url)
            postgresURL = url
            identityStore = PostgresIdentityStore(database: database)
            circlesStore = PostgresCirclesStore(database: database)
        }
        self.postgresURL = postgresURL
        store = FailingStore(circlesStore)
        let hasher = Argon2PasswordHasher(parameters: .testing, random: random)
        if let deviceStore {
            identity = LocalIdentityService(store: deviceStore, clock: clock, random: random, hasher: hasher)
        } else {
            identity = LocalIdentityService(serverStore: identityStore, clock: clock, random: random, hasher: hasher)
        }
        service = LocalCirclesService(store: store, clock: clock, random: random)
    }

    static func open(_ path: String) throws -> KithDatabase {
        try KithDatabase.open(at: path, features: [IdentityMigrations.all, CirclesMigrations.all])
    }

    /// A database over the PostgreSQL schema at `url` (another server's pool when opened again).
    static func open(url: String, size: Int = 4) async throws -> PostgresDatabase {
        try await PostgresDatabase.open(
            url: url, features: [IdentityPostgresMigrations.all, CirclesPostgresMigrations.all], size: size)
    }

    /// Another process: a new service (own engine), on the same file for SQLite, on the same schema (through a
    /// pool of its own) for PostgreSQL, on the same store in memory.
    func restarted() async throws -> LocalCirclesService {
        switch kind {
        case .memory: return LocalCirclesService(store: store, clock: clock, random: random)
        case .sqlite:
            return LocalCirclesService(
                store: SQLiteCirclesStore(database: try Self.open(path)), clock: clock, random: random)
        case .postgres:
            let url = try #require(postgresURL)
            return LocalCirclesService(
                store: PostgresCirclesStore(database: try await Self.open(url: url)), clock: clock, random: random)
        }
    }

    /// Registers `first@example.com` ("First Tester") with a bearer session, as on a server; returns its principal.
    func account(_ first: String, last: String = "Tester") async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: last,
                password: "password-\(first)"))
        return try await identity.principal(forToken: grant.token)
    }
}

/// The error `body` threw, as its sentence (nil if it did not throw).
func sentence(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch {
        return "\(error)"
    }
}

/// Everything a value holds, as text, for searching it for leaked values: every stored property through its
/// mirror, so a value no output shows (the domain's, not its JSON) is searched too.
func everything(_ value: Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}

final class TemporaryFolder: Sendable {
    let root: String

    init() {
        root = NSTemporaryDirectory() + "kith-circles-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}
