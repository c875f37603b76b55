import Foundation
import GRDB
import Identity
import IdentityMemory
import IdentitySQL
import Kernel
import PostgresStorage
import PostgresStorageTesting
import Preferences
import PreferencesSQL
import PreferencesTesting
import SQLiteStorage
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
/// clock and random source: the contract's environment (PreferencesTesting) and the databases under it.
final class Fixture: Sendable {
    let environment: PreferencesContractEnvironment
    let database: SQLiteDatabase?
    let postgres: PostgresDatabase?
    let folder: TemporaryFolder

    var clock: ManualClock { environment.clock }
    var random: SeededRandomSource { environment.random }
    var identityStore: any IdentityStore { environment.identityStore }
    var store: any PreferencesStore { environment.store }

    init(_ kind: StoreKind) async throws {
        folder = TemporaryFolder()
        let identityStore: any IdentityStore
        let store: any PreferencesStore
        switch kind {
        case .memory:
            let identity = InMemoryIdentityStore()
            identityStore = identity
            store = InMemoryPreferencesStore(identity: identity)
            database = nil
            postgres = nil
        case .sqlite:
            let database = try Self.openDatabase(at: folder.path("kith.sqlite"))
            let identity = SQLStore(identityOn: database)
            identityStore = identity
            store = SQLStore(preferencesOn: database)
            self.database = database
            postgres = nil
        case .postgres:
            let postgres = try await TestPostgres.database([IdentityMigrations.all, PreferencesMigrations.all])
            identityStore = SQLStore(identityOn: postgres)
            store = SQLStore(preferencesOn: postgres)
            database = nil
            self.postgres = postgres
        }
        environment = PreferencesContractEnvironment(
            identityStore: identityStore, store: store)
    }

    static func openDatabase(at path: String) throws -> SQLiteDatabase {
        try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, PreferencesMigrations.all])
    }

    /// A new process's Identity service on the same store (a server's on PostgreSQL).
    func identity() -> LocalIdentityService { environment.identity() }

    func preferences() -> LocalPreferencesService { environment.preferences() }

    /// Dana, Erin and Finn with their members (`PreferencesContractEnvironment.family()`).
    func family() async throws -> Family { try await environment.family() }

    /// The family with preferences to lose or keep: Max's theme and font size (Dana acting), Dana's and Erin's
    /// themes. What the tests of removing a member start from.
    func familyWithPreferences() async throws -> Family {
        let family = try await family()
        let service = preferences()
        let asMax = family.dana.acting(as: family.max)
        _ = try await service.setTheme(asMax, .dark)
        _ = try await service.setFontSize(asMax, .large)
        _ = try await service.setTheme(family.dana, .light)
        _ = try await service.setTheme(family.erin, .dark)
        return family
    }

    /// After Max's removal through `identity`: Dana's records of acting for him stay, naming him; Dana's own
    /// preferences stay; Max's are not available.
    func expectMaxRemoved(_ family: Family, identity: LocalIdentityService) async throws {
        let records = try await identity.actingRecords(family.dana)
        #expect(records.map(\.action) == ["set theme to dark", "set font size to L"])
        #expect(records.allSatisfy { $0.subjectDisplayName == "Max" && $0.subjectMemberId == family.max.memberId })
        #expect(try await preferences().preferences(family.dana).theme == .light)
        await #expect(throws: PreferencesError.notAvailable) {
            try await self.preferences().preferences(family.dana.acting(as: family.max))
        }
    }
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
