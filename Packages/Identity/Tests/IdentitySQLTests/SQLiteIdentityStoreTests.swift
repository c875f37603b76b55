import Accounts
import Argon2
import Device
import Foundation
import Identity
import IdentitySQL
import IdentityTesting
import Kernel
import SQLiteStorage
import Storage
import Testing

@Suite("The SQLite store")
struct SQLiteIdentityStoreTests {
    @Test(arguments: StoreKind.allCases)
    func aWriteThatThrowsLeavesNothing(_ kind: StoreKind) async throws {
        let env = try await TestEnvironment(kind)
        struct Refused: Error {}
        let account = Account(
            id: "a1", email: "ann@example.com", firstName: "Ann", lastName: "Lee", createdAt: env.clock.now())
        await #expect(throws: Refused.self) {
            try await env.store.write { transaction in
                try transaction.insertAccount(account, passwordHash: "$argon2id$x")
                try transaction.setActiveHouseholdId("h1", accountId: "a1")
                throw Refused()
            }
        }
        #expect(try await env.store.read { try $0.account(id: "a1") } == nil)
        #expect(try await env.store.read { try $0.activeHouseholdId(accountId: "a1") } == nil)
    }

    @Test func migrationsAreNamedByFeature() throws {
        let folder = TemporaryFolder()
        let database = try SQLiteDatabase.open(at: folder.path("k.sqlite"), features: [IdentityMigrations.all])
        #expect(
            try database.appliedMigrations().features[0].applied == [
                "identity.1-accounts", "identity.2-sessions", "identity.3-saved-accounts", "identity.4-account-state",
                "identity.5-households", "identity.6-acting-records", "identity.7-account-state-without-rowid",
                "identity.8-linked-identities", "identity.9-exit-lock", "identity.10-claim-codes",
                "identity.11-account-lifecycle", "identity.12-session-activity", "identity.13-two-step",
                "identity.14-passkeys", "identity.15-challenge-expiry", "identity.16-session-sign-in",
                "identity.17-maturity-and-age", "identity.18-approval-requests", "identity.19-events",
                "identity.20-approval-expiry", "identity.21-events-one-key", "identity.22-events-rowid",
            ])
    }

    /// The feed and pruning find their events by the table's own key, never by reading the log from its start: on
    /// SQLite the sequence is the rowid (`events-rowid`), and these are the statements the store sends.
    @Test func theFeedSeeksByTheRowid() async throws {
        let folder = TemporaryFolder()
        let database = try SQLiteDatabase.open(at: folder.path("k.sqlite"), features: [IdentityMigrations.all])
        let plans = try await database.read { connection in
            try [
                "SELECT * FROM identity_events WHERE sequence > 5 ORDER BY sequence LIMIT 10",
                "SELECT max(sequence) FROM identity_events",
                "DELETE FROM identity_events WHERE occurred_at < '2026-01-01' AND sequence < 5",
            ].map { sql in
                try connection.query("EXPLAIN QUERY PLAN " + sql).map { try $0.string(3) }.joined(separator: "; ")
            }
        }
        #expect(plans[0] == "SEARCH identity_events USING INTEGER PRIMARY KEY (rowid>?)")
        #expect(plans[1] == "SEARCH identity_events")
        #expect(plans[2] == "SEARCH identity_events USING INTEGER PRIMARY KEY (rowid<?)")
    }

    @Test func activeHouseholdsSurviveTheAccountStateRebuild() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("k.sqlite")
        let before = FeatureMigrations(
            feature: "identity", migrations: Array(IdentityMigrations.all.migrations.prefix(6)))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        do {
            // Rows as the schema of then held them (a3 made by Google: no password).
            let database = try SQLiteDatabase.open(at: path, features: [before])
            try await database.write(synchronous: false) { connection in
                for (id, hash) in [("a1", "$argon2id$x"), ("a2", "$argon2id$x"), ("a3", "")] {
                    try connection.execute(
                        """
                        INSERT INTO identity_accounts (id, email, email_key, first_name, last_name, role, account_type,
                            auth_method, password_hash, created_at)
                        VALUES (?, ?, ?, 'Ann', 'Lee', 'member', 'private', 'password', ?, ?)
                        """,
                        [id, "\(id)@example.com", "\(id)@example.com", hash, now])
                }
                try SQLIdentityTransaction(connection).setActiveHouseholdId("h1", accountId: "a1")
                try SQLIdentityTransaction(connection).setActiveHouseholdId(nil, accountId: "a2")
            }
        }
        let store = SQLStore(identityOn: try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all]))
        // Accounts Google or Apple made were verified by their provider; password accounts have yet to verify.
        #expect(
            try await store.read { transaction in
                try ["a1", "a2", "a3"].map { try transaction.account(id: $0)?.emailVerified }
            } == [
                false, false, true,
            ])
        #expect(try await store.read { try $0.activeHouseholdId(accountId: "a1") } == "h1")
        #expect(try await store.read { try $0.activeHouseholdId(accountId: "a2") } == nil)
        #expect(try await store.read { try $0.activeHouseholdId(accountId: "a3") } == nil)
        // Still one row per account: setting again replaces it.
        try await store.write { transaction in
            try transaction.setActiveHouseholdId("h2", accountId: "a1")
            try transaction.setActiveHouseholdId("h3", accountId: "a3")
        }
        #expect(try await store.read { try $0.activeHouseholdId(accountId: "a1") } == "h2")
        #expect(try await store.read { try $0.activeHouseholdId(accountId: "a3") } == "h3")
    }

    /// The log's rebuilds, keyed by the cursor (`events-one-key`) and then numbered by the rowid (`events-rowid`),
    /// keep every event's number, and numbering goes on after the highest ever given, pruned ones included (what
    /// AUTOINCREMENT did). Each from the schema just before it, with events written and pruned there.
    @Test(arguments: ["events-one-key", "events-rowid"])
    func eventsKeepTheirNumbersThroughTheRebuild(_ rebuild: String) async throws {
        let folder = TemporaryFolder()
        let path = folder.path("k.sqlite")
        let before = FeatureMigrations(
            feature: "identity",
            migrations: Array(IdentityMigrations.all.migrations.prefix { $0.name != rebuild }))
        #expect(before.migrations.count < IdentityMigrations.all.migrations.count)
        let old = Date(timeIntervalSince1970: 1_800_000_000)
        let young = old.addingTimeInterval(30 * 86_400)
        do {
            let database = try SQLiteDatabase.open(at: path, features: [before])
            try await database.write(synchronous: false) { connection in
                for (sequence, id, at) in [(1, "e1", old), (2, "e2", old), (3, "e3", young)] {
                    try connection.execute(
                        """
                        INSERT INTO identity_events (sequence, id, type, occurred_at, account_id, data)
                        VALUES (?, ?, 'account.updated', ?, 'a1', '{"changed":"name"}')
                        """,
                        [sequence, id, at])
                }
                #expect(try SQLIdentityTransaction(connection).pruneEvents(occurredBefore: young) == 2)
            }
        }
        let store = SQLStore(identityOn: try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all]))
        let kept = try await store.read { try $0.events(after: .start, limit: 10) }
        #expect(kept.map(\.id) == ["e3"])
        #expect(kept.map(\.cursor) == [EventCursor(transaction: 0, sequence: 3)])
        #expect(kept.first?.subject == EventSubject(accountId: "a1") && kept.first?.data == ["changed": "name"])
        #expect(try await store.read { try $0.prunedEventsThrough() } == EventCursor(transaction: 0, sequence: 2))
        try await store.write { transaction in
            try transaction.appendEvent(NewEvent("account.updated", subject: EventSubject()), id: "e4", at: young)
        }
        #expect(
            try await store.read { try $0.events(after: .start, limit: 10) }.map(\.cursor.sequence) == [3, 4])
        // Pruning everything leaves no row to number from: the next number still follows the newest pruned.
        #expect(try await store.write { try $0.pruneEvents(occurredBefore: young.addingTimeInterval(1)) } == 2)
        try await store.write { transaction in
            try transaction.appendEvent(NewEvent("account.updated", subject: EventSubject()), id: "e5", at: young)
        }
        #expect(try await store.read { try $0.events(after: .start, limit: 10) }.map(\.cursor.sequence) == [5])
    }

    @Test func twoProcessesOnOneFileKeepTheirOwnCurrentAccounts() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("kith.sqlite")
        let clock = ManualClock()
        func process(seed: UInt64) throws -> ThisDevice {
            let database = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all])
            let random = SeededRandomSource(seed: seed)
            let service = LocalIdentityService(
                store: SQLStore(identityOn: database),
                options: IdentityOptions(
                    clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
            return ThisDevice(store: SQLDeviceStore(database: database), sessions: service, clock: clock)
        }
        let first = try process(seed: 1)
        let ann = try await first.signUp("Ann")
        let second = try process(seed: 2)
        #expect(try await second.me().accountId == ann.id)
        let bo = try await second.signUp("Bo")
        #expect(try await first.me().accountId == ann.id)
        #expect(try await second.me().accountId == bo.id)
        #expect(try await process(seed: 3).me().accountId == bo.id)
        #expect(try await first.savedAccounts().count == 2)
    }

    @Test func passwordsAndTokensNeverReachTheFile() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("kith.sqlite")
        let database = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all])
        let random = SeededRandomSource(seed: 9)
        let service = LocalIdentityService(
            store: SQLStore(identityOn: database),
            options: IdentityOptions(
                clock: ManualClock(), random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)
            ))
        let device = ThisDevice(store: SQLDeviceStore(database: database), sessions: service)
        let first = "P1-first-secret-Ωmega"
        let second = "P2-second-secret-Ωmega"
        _ = try await device.signUp(
            SignUp(email: "ann@example.com", firstName: "Ann", lastName: "Lee", password: first))
        try await device.logOut()
        _ = try await device.logIn(email: "ann@example.com", password: first)
        let grant = try await service.signIn(email: "ann@example.com", password: first)
        try await service.changePassword(try await device.me(), current: first, new: second)
        let again = try await service.signIn(email: "ann@example.com", password: second)

        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if FileManager.default.fileExists(atPath: path + "-wal") {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")))
        }
        for secret in [first, second, grant.token, again.token] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret.prefix(3))… is in the file")
        }
        // The token's hash is what is stored, which proves the search looked at the right bytes.
        #expect(bytes.range(of: Data(TokenDigest.hexDigest(again.token).utf8)) != nil)
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
        }
    }
}
