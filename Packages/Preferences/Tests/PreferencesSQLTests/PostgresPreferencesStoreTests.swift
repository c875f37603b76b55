import Foundation
import PostgresStorage
import Preferences
import PreferencesSQL
import PreferencesTesting
import Testing

/// What PostgreSQL has of its own: its migrations and the trigger on Identity's members.
@Suite("PostgreSQL preferences store")
struct PostgresPreferencesStoreTests {
    @Test("migrations are named preferences.<n>-<step>, as SQLite's")
    func migrations() async throws {
        #expect(PreferencesMigrations.all.feature == "preferences")
        #expect(
            PreferencesMigrations.all.identifiers(for: .postgres) == [
                "preferences.1-values", "preferences.2-forget-removed-members",
            ])
        let fixture = try await Fixture(.postgres)
        let applied = try await #require(fixture.postgres).read { connection in
            try connection.query("SELECT identifier FROM kith_migrations WHERE identifier LIKE 'preferences.%'")
                .map { try $0.string(0) }
        }
        #expect(applied.sorted() == PreferencesMigrations.all.identifiers(for: .postgres))
    }

    @Test("a removed member's preferences are gone with it; its acting records stay")
    func removedMember() async throws {
        let fixture = try await Fixture(.postgres)
        let family = try await fixture.familyWithPreferences()
        func stored(_ memberId: String) async throws -> [String: String] {
            try await fixture.store.read { preferences, _ in try preferences.values(memberId: memberId) }
        }
        #expect(try await stored(family.max.memberId).count == 2)

        _ = try await family.danaService.removeMember(family.dana, "Max")

        #expect(try await stored(family.max.memberId).isEmpty)
        try await fixture.expectMaxRemoved(family, identity: fixture.identity())

        // An account leaving a household keeps its own preferences.
        _ = try await family.danaService.removeMember(family.dana, "Erin Tester")
        #expect(try await stored(family.erin.accountId).count == 2)
    }
}
