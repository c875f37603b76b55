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
            store = InMemoryPreferencesStore(identity: identity)
            database = nil
            postgres = nil
        case .sqlite:
            let database = try Self.openDatabase(at: folder.path("kith.sqlite"))
            identityStore = SQLiteIdentityStore(database: database)
            store = SQLitePreferencesStore(database: database)
            self.database = database
            postgres = nil
        case .postgres:
            let postgres = try await TestPostgres.database([
                IdentityPostgresMigrations.all, PreferencesPostgresMigrations.all,
            ])
            identityStore = PostgresIdentityStore(database: postgres)
            store = PostgresPreferencesStore(database: postgres)
            database = nil
            self.postgres = postgres
        }
    }

    static func openDatabase(at path: String) throws -> KithDatabase {
        try KithDatabase.open(at: path, features: [IdentityMigrations.all, PreferencesMigrations.all])
    }

    /// A new process's Identity service on the same store.
    func identity() -> LocalIdentityService {
        LocalIdentityService(
            store: identityStore, clock: clock, random: random,
            hasher: Argon2PasswordHasher(parameters: .testing, random: random))
    }

    func preferences() -> LocalPreferencesService {
        LocalPreferencesService(store: store, clock: clock, random: random)
    }

    /// Dana (owner of Reyes, guardian of Max), Erin (a parent in Reyes, not Max's guardian), and Finn (owner of
    /// Other, guardian of Ada), each signed in through its own service.
    func family() async throws -> Family {
        let danaService = identity()
        let erinService = identity()
        let finnService = identity()
        let erin = try await erinService.signUp("Erin")
        let finn = try await finnService.signUp("Finn")
        _ = try await danaService.signUp("Dana")
        let dana = try await danaService.me()
        let household = try await danaService.createHousehold(dana, name: "Reyes")
        let max = try await danaService.addManagedMember(dana, displayName: "Max", avatarKey: "")
        let erinPrincipal = try await erinService.me()
        _ = try await erinService.joinHousehold(erinPrincipal, householdId: household.id, role: .parent)
        let finnPrincipal = try await finnService.me()
        _ = try await finnService.createHousehold(finnPrincipal, name: "Other")
        let ada = try await finnService.addManagedMember(finnPrincipal, displayName: "Ada", avatarKey: "")
        #expect(erin.id == erinPrincipal.accountId && finn.id == finnPrincipal.accountId)
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
    /// Signs up `name@example.com` as "Name Tester".
    @discardableResult
    func signUp(_ name: String) async throws -> Account {
        try await signUp(
            SignUp(
                email: "\(name.lowercased())@example.com", firstName: name, lastName: "Tester",
                password: "password-\(name.lowercased())"))
    }

    func me() async throws -> Principal {
        guard let principal = try await currentPrincipal() else { throw IdentityError.notSignedIn }
        return principal
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
