import Foundation
import GRDB
import Identity
import IdentityPostgres
import IdentitySQLite
import PostgresStorage
import PostgresStorageTesting
import Preferences
import PreferencesPostgres
import PreferencesSQLite
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

/// Identity and Preferences over one store (in memory, one SQLite file, or one PostgreSQL schema), with a test
/// clock and random source.
final class Fixture: Sendable {
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 44)
    let identityStore: any IdentityStore
    /// The same store with this device's state; nil on PostgreSQL, a server's store.
    let deviceStore: (any DeviceIdentityStore)?
    let store: any PreferencesStore
    let database: KithDatabase?
    let postgres: PostgresDatabase?
    let folder: TemporaryFolder

    init(_ kind: StoreKind) async throws {
        folder = TemporaryFolder()
        switch kind {
        case .memory:
            let identity = InMemoryIdentityStore()
            identityStore = identity
            deviceStore = identity
            store = InMemoryPreferencesStore(identity: identity)
            database = nil
            postgres = nil
        case .sqlite:
            let database = try Self.openDatabase(at: folder.path("kith.sqlite"))
            let identity = SQLiteIdentityStore(database: database)
            identityStore = identity
            deviceStore = identity
            store = SQLitePreferencesStore(database: database)
            self.database = database
            postgres = nil
        case .postgres:
            let postgres = try await TestPostgres.database([
                IdentityPostgresMigrations.all, PreferencesPostgresMigrations.all,
            ])
            identityStore = PostgresIdentityStore(database: postgres)
            deviceStore = nil
            store = PostgresPreferencesStore(database: postgres)
            database = nil
            self.postgres = postgres
        }
    }

    static func openDatabase(at path: String) throws -> KithDatabase {
        try KithDatabase.open(at: path, features: [IdentityMigrations.all, PreferencesMigrations.all])
    }

    /// A new process's Identity service on the same store (a server's on PostgreSQL).
    func identity() -> LocalIdentityService {
        let hasher = Argon2PasswordHasher(parameters: .testing, random: random)
        guard let deviceStore else {
            return LocalIdentityService(serverStore: identityStore, clock: clock, random: random, hasher: hasher)
        }
        return LocalIdentityService(store: deviceStore, clock: clock, random: random, hasher: hasher)
    }

    func preferences() -> LocalPreferencesService {
        LocalPreferencesService(store: store, clock: clock, random: random)
    }

    /// Dana (owner of Reyes, guardian of Max), Erin (a parent in Reyes, not Max's guardian), and Finn (owner of
    /// Other, guardian of Ada), each signed in through its own service with a bearer session, as on a server.
    func family() async throws -> Family {
        let danaService = identity()
        let erinService = identity()
        let finnService = identity()
        let erinPrincipal = try await erinService.register("Erin")
        let finnPrincipal = try await finnService.register("Finn")
        let dana = try await danaService.register("Dana")
        let household = try await danaService.createHousehold(dana, name: "Reyes")
        let max = try await danaService.addManagedMember(dana, displayName: "Max", avatarKey: "")
        _ = try await erinService.joinHousehold(erinPrincipal, householdId: household.id, role: .parent)
        _ = try await finnService.createHousehold(finnPrincipal, name: "Other")
        let ada = try await finnService.addManagedMember(finnPrincipal, displayName: "Ada", avatarKey: "")
        return Family(
            dana: dana, erin: erinPrincipal, finn: finnPrincipal, max: max, ada: ada, household: household,
            danaService: danaService)
    }
}

struct Family: Sendable {
    let dana: Principal
    let erin: Principal
    let finn: Principal
    let max: Member
    let ada: Member
    let household: Household
    let danaService: LocalIdentityService
}

final class TemporaryFolder: Sendable {
    let root: String

    init() {
        root = NSTemporaryDirectory() + "kith-preferences-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }
}

extension LocalIdentityService {
    /// Registers `name@example.com` as "Name Tester" with a bearer session; returns its principal.
    func register(_ name: String) async throws -> Principal {
        let grant = try await register(
            SignUp(
                email: "\(name.lowercased())@example.com", firstName: name, lastName: "Tester",
                password: "password-\(name.lowercased())"))
        return try await principal(forToken: grant.token)
    }
}

extension Principal {
    /// This principal acting as `member`, as ProfileSession's manager builds it.
    func acting(as member: Member) -> Principal {
        var principal = self
        principal.actingAs = ActingAs(memberId: member.memberId, displayName: member.displayName)
        return principal
    }
}
