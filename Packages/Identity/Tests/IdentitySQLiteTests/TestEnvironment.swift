import Foundation
import Identity
import IdentityPostgres
import IdentitySQLite
import PostgresStorageTesting
import Storage
import Synchronization
import Testing

/// The stores the contract suite runs against: every rule must hold on each.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case sqlite
    /// A fresh schema on the cluster of `Tools/with-postgres`.
    case postgres

    var testDescription: String { rawValue }

    /// The stores that keep this device's state (saved accounts, the current account): a server's keeps none.
    static let withDevice: [StoreKind] = [.memory, .sqlite]
}

/// A fresh store with a test clock, a seeded random source and a cheap, counting hasher.
final class TestEnvironment: Sendable {
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 2025)
    let hasher: CountingHasher
    let store: any IdentityStore
    /// The same store with this device's state; nil on PostgreSQL, a server's store.
    let deviceStore: (any DeviceIdentityStore)?
    let folder: TemporaryFolder
    let databasePath: String

    init(_ kind: StoreKind) async throws {
        folder = TemporaryFolder()
        databasePath = folder.path("kith.sqlite")
        hasher = CountingHasher(Argon2PasswordHasher(parameters: .testing, random: random))
        switch kind {
        case .memory:
            let memory = InMemoryIdentityStore()
            (store, deviceStore) = (memory, memory)
        case .sqlite:
            let database = try KithDatabase.open(at: databasePath, features: [IdentityMigrations.all])
            let sqlite = SQLiteIdentityStore(database: database)
            (store, deviceStore) = (sqlite, sqlite)
        case .postgres:
            store = PostgresIdentityStore(database: try await TestPostgres.database([IdentityPostgresMigrations.all]))
            deviceStore = nil
        }
    }

    /// A new process on the same device (same store), or a server when the store keeps no device.
    func service(verifiers: [any IDTokenVerifier] = []) -> LocalIdentityService {
        guard let deviceStore else {
            return LocalIdentityService(
                serverStore: store, clock: clock, random: random, hasher: hasher, verifiers: verifiers)
        }
        return LocalIdentityService(
            store: deviceStore, clock: clock, random: random, hasher: hasher, verifiers: verifiers)
    }

    /// The store with this device's state, for the tests of stores that keep one.
    func requireDeviceStore() throws -> any DeviceIdentityStore {
        try #require(deviceStore, "a store that keeps this device's state")
    }

    static let day: TimeInterval = 24 * 60 * 60
}

/// Counts hashing and verifying, to prove that some paths never hash (silent switches, refusals).
final class CountingHasher: PasswordHasher {
    private let inner: any PasswordHasher
    private let counts = Mutex((hashes: 0, verifies: 0))

    init(_ inner: any PasswordHasher) {
        self.inner = inner
    }

    var hashes: Int { counts.withLock { $0.hashes } }
    var verifies: Int { counts.withLock { $0.verifies } }
    var total: Int { counts.withLock { $0.hashes + $0.verifies } }

    func hash(_ password: String) async throws -> String {
        counts.withLock { $0.hashes += 1 }
        return try await inner.hash(password)
    }

    func verify(_ password: String, against encodedHash: String) async -> Bool {
        counts.withLock { $0.verifies += 1 }
        return await inner.verify(password, against: encodedHash)
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

// MARK: - Shorthands

extension LocalIdentityService {
    /// Signs up `name@example.com` as "Name Tester" with password "password-name".
    @discardableResult
    func signUp(_ name: String, role: AccountRole = .member) async throws -> Account {
        try await signUp(
            SignUp(
                email: "\(name.lowercased())@example.com", firstName: name, lastName: "Tester",
                password: "password-\(name.lowercased())", role: role))
    }

    /// Registers `name@example.com` as "Name Tester" (a bearer session, as a server signs up): its principal.
    func register(_ name: String, role: AccountRole = .member) async throws -> Principal {
        let grant = try await register(
            SignUp(
                email: "\(name.lowercased())@example.com", firstName: name, lastName: "Tester",
                password: "password-\(name.lowercased())", role: role))
        return try await principal(forToken: grant.token)
    }

    /// The principal of this process, which must be signed in.
    func me() async throws -> Principal {
        guard let principal = try await currentPrincipal() else { throw IdentityError.notSignedIn }
        return principal
    }
}

func email(_ name: String) -> String { "\(name.lowercased())@example.com" }
func password(_ name: String) -> String { "password-\(name.lowercased())" }

/// Runs `body` and returns the `IdentityError` it threw (nil if none, or another error).
func identityError(_ body: () async throws -> Void) async -> IdentityError? {
    do {
        try await body()
        return nil
    } catch let error as IdentityError {
        return error
    } catch {
        return nil
    }
}
