import Accounts
import Argon2
import Foundation
import Identity
import IdentitySQL
import Kernel
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import StorageTesting
import Testing

/// What only the PostgreSQL store has: its migrations, what its rows hold, and servers racing on one database.
@Suite("The PostgreSQL store")
struct PostgresIdentityStoreTests {
    /// The event log is one b-tree entry per event on both engines, with no other index: PostgreSQL's keyed by the
    /// cursor (`events-one-key`), SQLite's by the sequence alone, its rowid (`events-rowid`: every transaction there is
    /// 0). Their columns are the same.
    @Test func theEventLogIsOneKeyOnEachEngine() async throws {
        let folder = TemporaryFolder()
        let sqlite = try SQLiteDatabase.open(at: folder.path("k.sqlite"), features: [IdentityMigrations.all])
        let postgres = try await TestPostgres.database([IdentityMigrations.all])
        var onSQLite = try await SchemaShape.read(sqlite, tablesPrefixed: "identity_events")
        let onPostgres = try await SchemaShape.read(postgres, tablesPrefixed: "identity_events")
        #expect(onSQLite.tables["identity_events"]?.primaryKey == ["sequence"])
        #expect(onPostgres.tables["identity_events"]?.primaryKey == ["transaction_id", "sequence"])
        #expect(onSQLite.tables["identity_events"]?.indexes.isEmpty == true)
        #expect(
            try await sqlite.read {
                try $0.first("SELECT sql FROM sqlite_master WHERE name = 'identity_events'")?.string(0)
            }?.contains("WITHOUT ROWID") == false)
        onSQLite.tables["identity_events"]?.primaryKey = ["transaction_id", "sequence"]
        #expect(onSQLite == onPostgres, "SQLite: \(onSQLite)\nPostgreSQL: \(onPostgres)")
    }

    @Test func migrationsAreNamedByFeature() async throws {
        #expect(
            IdentityMigrations.all.identifiers(for: .postgres) == [
                "identity.1-accounts", "identity.2-sessions", "identity.3-saved-accounts", "identity.4-account-state",
                "identity.5-households", "identity.6-acting-records", "identity.7-linked-identities",
                "identity.8-exit-lock", "identity.9-claim-codes", "identity.10-drop-device-state",
                "identity.11-account-lifecycle", "identity.12-session-activity", "identity.13-two-step",
                "identity.14-passkeys", "identity.15-challenge-expiry", "identity.16-session-sign-in",
                "identity.17-maturity-and-age", "identity.18-approval-requests", "identity.19-events",
                "identity.20-approval-expiry", "identity.21-events-one-key",
            ])
        let database = try await TestPostgres.database([IdentityMigrations.all])
        let applied = try await database.read { connection in
            try connection.query("SELECT identifier FROM kith_migrations ORDER BY identifier").map { try $0.string(0) }
        }
        // By name: `ORDER BY identifier` would put identity.10 before identity.2.
        #expect(applied.sorted() == IdentityMigrations.all.identifiers(for: .postgres).sorted())
        // A server keeps no device: no table of one remains.
        let tables = try await database.read { connection in
            try connection.query(
                """
                SELECT table_name FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_name LIKE 'identity\\_%'
                """
            ).map { try $0.string(0) }
        }
        #expect(
            tables.sorted() == [
                "identity_account_state", "identity_accounts", "identity_acting_records", "identity_approval_requests",
                "identity_claim_codes",
                "identity_email_codes", "identity_events", "identity_events_pruned", "identity_exit_pins",
                "identity_guardians", "identity_households",
                "identity_linked_identities", "identity_members", "identity_outbox", "identity_passkey_challenges",
                "identity_passkey_users", "identity_passkeys", "identity_rate_limits", "identity_recovery_codes",
                "identity_sessions", "identity_sign_in_challenges", "identity_two_step",
            ])
    }

    @Test func passwordsAndTokensNeverReachTheDatabase() async throws {
        let database = try await TestPostgres.database([IdentityMigrations.all])
        let random = SeededRandomSource(seed: 9)
        let service = LocalIdentityService(
            store: SQLStore(identityOn: database),
            options: IdentityOptions(
                clock: ManualClock(), random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)
            ))
        let first = "P1-first-secret-Ωmega"
        let second = "P2-second-secret-Ωmega"
        let grant = try await service.register(
            SignUp(email: "ann@example.com", firstName: "Ann", lastName: "Lee", password: first))
        let principal = try await service.principal(forToken: grant.token)
        try await service.changePassword(principal, current: first, new: second)
        let again = try await service.signIn(email: "ann@example.com", password: second)

        // Every row of every Identity table, as text.
        let rows = try await database.read { connection in
            try ["identity_accounts", "identity_sessions"].flatMap { table in
                try connection.query("SELECT t::text FROM \(table) t").map { try $0.string(0) }
            }
        }
        let text = rows.joined(separator: "\n")
        for secret in [first, second, grant.token, again.token] {
            #expect(!text.contains(secret), "\(secret.prefix(3))… is in the database")
        }
        // The token's hash is what is stored, which proves the search looked at the right rows.
        #expect(text.contains(TokenDigest.hexDigest(again.token)))
    }

    @Test func serversRacingForOneEmailMakeOneAccount() async throws {
        let database = try await TestPostgres.database([IdentityMigrations.all])
        // Eight servers on one database, each with its own store and service.
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for seed in 1...8 {
                group.addTask {
                    let random = SeededRandomSource(seed: UInt64(seed))
                    let service = LocalIdentityService(
                        store: SQLStore(identityOn: database),
                        options: IdentityOptions(
                            clock: ManualClock(), random: random,
                            hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
                    do {
                        _ = try await service.register(
                            SignUp(email: "ann@example.com", firstName: "Ann", lastName: "Lee", password: "password-1"))
                        return true
                    } catch IdentityError.emailTaken {
                        return false
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        let accounts = try await database.read { try $0.first("SELECT count(*) FROM identity_accounts")?.int(0) }
        #expect(accounts == 1)
    }
}
