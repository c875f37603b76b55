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
}

/// A fresh store with a test clock, a seeded random source and a cheap, counting hasher.
final class TestEnvironment: Sendable {
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 2025)
    let hasher: CountingHasher
    let store: any IdentityStore
    let folder: TemporaryFolder
    let databasePath: String

    init(_ kind: StoreKind) async throws {
        folder = TemporaryFolder()
        databasePath = folder.path("kith.sqlite")
        hasher = CountingHasher(Argon2PasswordHasher(parameters: .testing, random: random))
        switch kind {
        case .memory:
            store = InMemoryIdentityStore()
        case .sqlite:
            let database = try KithDatabase.open(at: databasePath, features: [IdentityMigrations.all])
            store = SQLiteIdentityStore(database: database)
        case .postgres:
            store = PostgresIdentityStore(database: try await TestPostgres.database([IdentityPostgresMigrations.all]))
        }
    }

    /// A new process on the same device (same store).
    func service() -> LocalIdentityService {
        LocalIdentityService(store: store, clock: clock, random: random, hasher: hasher)
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
