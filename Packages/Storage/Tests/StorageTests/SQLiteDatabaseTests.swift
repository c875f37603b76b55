import Foundation
import GRDB
import SQLiteStorage
import Storage
import Testing

@Suite("Opening and migrating the database file")
struct SQLiteDatabaseTests {
    let folder = TemporaryFolder()

    static func notes(_ steps: [String]) -> FeatureMigrations {
        FeatureMigrations(
            feature: "notes",
            migrations: steps.map { step in
                Migration(step, "CREATE TABLE notes_\(step) (id INTEGER PRIMARY KEY)")
            })
    }

    @Test func createsTheFileWithMode0600AndItsFolders() throws {
        let path = folder.path("a/b/kith.sqlite")
        let database = try SQLiteDatabase.open(at: path, features: [Self.notes(["one"])])
        try database.pool.write { try $0.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
        #expect(try mode(of: path) == 0o600)
        #expect(try mode(of: path + "-wal") == 0o600)
        #expect(try mode(of: folder.path("a")) == 0o700)
    }

    @Test func usesWALForeignKeysAndABusyTimeout() throws {
        let database = try SQLiteDatabase.open(at: folder.path("k.sqlite"), features: [])
        let journal = try database.pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        let foreignKeys = try database.pool.read { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") }
        let timeout = try database.pool.read { try Int.fetchOne($0, sql: "PRAGMA busy_timeout") }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect((timeout ?? 0) >= 5000)
    }

    @Test func appliesMigrationsInRegistrationOrderAndNamesThemByFeature() throws {
        // Each step logs itself in a table: the rows' order is the order the steps ran in.
        func logging(_ name: String) -> String {
            "CREATE TABLE IF NOT EXISTS steps (name TEXT); INSERT INTO steps VALUES ('\(name)')"
        }
        let first = FeatureMigrations(
            feature: "alpha", migrations: [Migration("one", logging("alpha.1")), Migration("two", logging("alpha.2"))])
        let second = FeatureMigrations(feature: "beta", migrations: [Migration("one", logging("beta.1"))])
        let database = try SQLiteDatabase.open(at: folder.path("k.sqlite"), features: [first, second])
        let order = try database.pool.read { try String.fetchAll($0, sql: "SELECT name FROM steps ORDER BY rowid") }
        #expect(order == ["alpha.1", "alpha.2", "beta.1"])
        let applied = try database.appliedMigrations()
        #expect(applied.features.map(\.feature) == ["alpha", "beta"])
        #expect(applied.features[0].applied == ["alpha.1-one", "alpha.2-two"])
        #expect(applied.features[1].pending.isEmpty)
    }

    @Test func theMigrationStatusIsReadWithoutWritingAnything() throws {
        let path = folder.path("k.sqlite")
        let missing = try SQLiteDatabase.migrationStatus(at: path, features: [Self.notes(["one", "two"])])
        #expect(missing.pending == ["notes.1-one", "notes.2-two"] && missing.unknown.isEmpty && !missing.isCurrent)
        #expect(!FileManager.default.fileExists(atPath: path))
        try SQLiteDatabase.open(at: path, features: [Self.notes(["one"])]).close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let status = try SQLiteDatabase.migrationStatus(at: path, features: [Self.notes(["one", "two"])])
        #expect(status.pending == ["notes.2-two"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try SQLiteDatabase.migrationStatus(at: path, features: [Self.notes(["one"])]).isCurrent)
        // A newer build's step: unknown here, and nothing pending.
        let newer = MigrationStatus(known: ["a.1-x", "a.2-y"], applied: ["a.1-x", "a.3-z", "a.2-y"])
        #expect(newer.pending.isEmpty && newer.unknown == ["a.3-z"] && newer.isCurrent)
    }

    @Test func reopeningAppliesNothingTwiceAndAddsNewSteps() throws {
        let path = folder.path("k.sqlite")
        _ = try SQLiteDatabase.open(at: path, features: [Self.notes(["one"])])
        let reopened = try SQLiteDatabase.open(at: path, features: [Self.notes(["one"])])
        #expect(try reopened.appliedMigrations().features[0].applied == ["notes.1-one"])
        let extended = try SQLiteDatabase.open(at: path, features: [Self.notes(["one", "two"])])
        #expect(try extended.appliedMigrations().features[0].applied == ["notes.1-one", "notes.2-two"])
    }

    @Test func refusesAFileMigratedByANewerBuildAndLeavesItUntouched() throws {
        let path = folder.path("k.sqlite")
        do {
            let newer = try SQLiteDatabase.open(at: path, features: [Self.notes(["one", "two"])])
            try newer.pool.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StorageError.self) {
            try SQLiteDatabase.open(at: path, features: [Self.notes(["one"])])
        }
        do {
            _ = try SQLiteDatabase.open(at: path, features: [Self.notes(["one"])])
        } catch {
            #expect(error.code == .newerSchema)
            #expect(error.message.contains("newer version of kith"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesATextFileByteForByte() throws {
        let path = folder.path("notes.txt")
        let text = Data("hello, this is not a database\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: StorageError.self) { try SQLiteDatabase.open(at: path, features: []) }
        #expect(error.code == .notADatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func refusesAnotherProgramsSQLiteFile() throws {
        let path = folder.path("other.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "CREATE TABLE photos (id INTEGER)") }
            try queue.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = try #require(throws: StorageError.self) { try SQLiteDatabase.open(at: path, features: []) }
        #expect(error.code == .foreignDatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesAFolder() throws {
        let error = try #require(throws: StorageError.self) {
            try SQLiteDatabase.open(at: folder.path(""), features: [])
        }
        #expect(error.code == .notAFile)
        #expect(error.message.contains("is a folder"))
    }

    @Test func explainsAFolderItCannotWriteTo() throws {
        guard getuid() != 0 else {
            // root writes anywhere: use a path below a file instead, which fails for everyone.
            try Data().write(to: URL(fileURLWithPath: folder.path("plain")))
            let error = try #require(throws: StorageError.self) {
                try SQLiteDatabase.open(at: folder.path("plain/k.sqlite"), features: [])
            }
            #expect(error.code == .cannotCreate)
            return
        }
        try FileManager.default.createDirectory(atPath: folder.path("locked"), withIntermediateDirectories: true)
        chmod(folder.path("locked"), 0o500)
        defer { chmod(folder.path("locked"), 0o700) }
        let error = try #require(throws: StorageError.self) {
            try SQLiteDatabase.open(at: folder.path("locked/k.sqlite"), features: [])
        }
        #expect(error.code == .cannotCreate)
    }

    @Test func narrowsTheModeOfAnExistingFile() throws {
        let path = folder.path("k.sqlite")
        _ = try SQLiteDatabase.open(at: path, features: [])
        chmod(path, 0o644)
        _ = try SQLiteDatabase.open(at: path, features: [])
        #expect(try mode(of: path) == 0o600)
    }

    @Test func refusesTwoFeaturesWithOneName() {
        #expect(throws: StorageError.self) {
            try SQLiteDatabase.open(at: folder.path("k.sqlite"), features: [Self.notes(["a"]), Self.notes(["b"])])
        }
    }

    @Test func resolvesTheDefaultPathFromTheEnvironment() {
        #expect(DatabaseLocation.resolve(explicitPath: "/x.sqlite", environment: ["KITH_DB": "/y"]) == "/x.sqlite")
        #expect(DatabaseLocation.resolve(explicitPath: nil, environment: ["KITH_DB": "/y"]) == "/y")
        #expect(
            DatabaseLocation.resolve(explicitPath: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == "/d/kith/kith.sqlite")
        #expect(
            DatabaseLocation.resolve(explicitPath: nil, environment: ["HOME": "/h"])
                == "/h/.local/share/kith/kith.sqlite")
    }

    @Test func aReadOnlyOpenCreatesNothingMigratesNothingAndRefusesWrites() async throws {
        let missing = folder.path("none/kith.sqlite")
        #expect(throws: StorageError.self) { try SQLiteDatabase.openReadOnly(at: missing, features: []) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("none")))

        let path = folder.path("k.sqlite")
        do {
            let database = try SQLiteDatabase.open(at: path, features: [Self.notes(["one"])])
            try await database.pool.write { try $0.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
        }
        let reader = try SQLiteDatabase.openReadOnly(at: path, features: [Self.notes(["one", "two"])])
        let count = try await reader.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM notes_one") }
        #expect(count == 1)
        #expect(try reader.appliedMigrations().features[0].pending == ["notes.2-two"])
        await #expect(throws: StorageError.self) {
            try await reader.writeDatabase { try $0.execute(sql: "INSERT INTO notes_one DEFAULT VALUES") }
        }
    }

    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }
}

/// A folder under the system temporary directory, removed when the value is released.
final class TemporaryFolder: Sendable {
    let root: String

    init() {
        root = NSTemporaryDirectory() + "kith-storage-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { name.isEmpty ? root : root + "/" + name }
}
