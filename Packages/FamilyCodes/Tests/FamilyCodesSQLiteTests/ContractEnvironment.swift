import FamilyCodes
import FamilyCodesPostgres
import FamilyCodesSQLite
import FamilyCodesTesting
import Foundation
import Identity
import IdentityPostgres
import IdentitySQLite
import PostgresStorageTesting
import Storage
import Testing

/// The stores the contract suite runs against: every rule must hold on each.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case sqlite
    /// A fresh schema on the cluster of `Tools/with-postgres`.
    case postgres

    var testDescription: String { rawValue }
}

/// A fresh pair of stores (Identity and FamilyCodes over the same data), services, and a test clock.
final class ContractEnvironment: Sendable {
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 2026)
    let store: WrappedStore
    let identity: LocalIdentityService
    let service: LocalFamilyCodeService
    let root: String

    init(_ kind: StoreKind) async throws {
        root = NSTemporaryDirectory() + "kith-familycodes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let identityStore: any IdentityStore
        let codeStore: any FamilyCodeStore
        // PostgreSQL is a server's store: it keeps no device.
        var deviceStore: (any DeviceIdentityStore)?
        switch kind {
        case .memory:
            let memory = InMemoryIdentityStore()
            deviceStore = memory
            identityStore = memory
            codeStore = InMemoryFamilyCodeStore(identity: memory)
        case .sqlite:
            let database = try KithDatabase.open(
                at: root + "/kith.sqlite", features: [IdentityMigrations.all, FamilyCodesMigrations.all])
            let sqlite = SQLiteIdentityStore(database: database)
            deviceStore = sqlite
            identityStore = sqlite
            codeStore = SQLiteFamilyCodeStore(database: database)
        case .postgres:
            let database = try await TestPostgres.database([
                IdentityPostgresMigrations.all, FamilyCodesPostgresMigrations.all,
            ])
            identityStore = PostgresIdentityStore(database: database)
            codeStore = PostgresFamilyCodeStore(database: database)
        }
        store = WrappedStore(codeStore)
        let hasher = Argon2PasswordHasher(parameters: .testing, random: random)
        if let deviceStore {
            identity = LocalIdentityService(store: deviceStore, clock: clock, random: random, hasher: hasher)
        } else {
            identity = LocalIdentityService(serverStore: identityStore, clock: clock, random: random, hasher: hasher)
        }
        service = LocalFamilyCodeService(store: store, clock: clock, random: random)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Registers `first@example.com` ("First Lastname") with `role` and a bearer session, as on a server; returns its
    /// principal.
    func account(_ first: String, _ role: AccountRole, lastName: String = "Tester") async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: lastName,
                password: "password-\(first)", role: role))
        return try await identity.principal(forToken: grant.token)
    }

    func log(of principal: Principal) async throws -> [FamilyCodeUsage] {
        try await store.read { codes, _ in try codes.usage(accountId: principal.accountId) }
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
