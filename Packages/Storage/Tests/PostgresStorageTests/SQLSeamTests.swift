import Foundation
import PostgresStorageTesting
import SQLiteStorage
import Storage
import Testing

@testable import PostgresStorage

/// Storage's SQL seam on both engines: the same statements, with `?` parameters, read back the same values.
@Suite("One SQL seam, two engines")
struct SQLSeamTests {
    static let table = FeatureMigrations(
        feature: "seam",
        migrations: [
            Migration("values") { dialect in
                """
                CREATE TABLE seam_values (
                    id \(dialect.autoIncrementKey),
                    name TEXT NOT NULL,
                    count INTEGER,
                    flag \(dialect == .sqlite ? "INTEGER" : "BOOLEAN") NOT NULL,
                    at \(dialect.timestamp),
                    ratio \(dialect == .sqlite ? "REAL" : "DOUBLE PRECISION")
                )
                """
            },
            Migration("only-on-sqlite") { $0 == .sqlite ? "CREATE INDEX seam_values_name ON seam_values(name)" : nil },
            Migration("both", "CREATE INDEX seam_values_count ON seam_values(count)"),
        ])

    /// Each engine over a fresh database with `table` migrated.
    static func databases() async throws -> [(String, any SQLDatabase)] {
        let folder = NSTemporaryDirectory() + "kith-seam-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return [
            ("SQLite", try SQLiteDatabase.open(at: folder + "/seam.sqlite", features: [table])),
            ("PostgreSQL", try await TestPostgres.database([table])),
        ]
    }

    @Test func valuesReadBackAlikeOnBothEngines() async throws {
        // Microseconds survive PostgreSQL; SQLite keeps GRDB's milliseconds, as files written before the seam do.
        let at = Date(timeIntervalSince1970: 1_795_000_000.123)
        for (engine, database) in try await Self.databases() {
            try await database.write(synchronous: false) { connection in
                try connection.execute(
                    "INSERT INTO seam_values (name, count, flag, at, ratio) VALUES (?, ?, ?, ?, ?)",
                    ["it's ?", 42, true, at, 0.5])
                try connection.execute(
                    "INSERT INTO seam_values (name, count, flag, at, ratio) VALUES (?, ?, ?, ?, ?)",
                    ["none", Int?.none, false, Date?.none, Double?.none])
            }
            let rows = try await database.read { connection in
                try connection.query("SELECT name, count, flag, at, ratio FROM seam_values ORDER BY id")
            }
            #expect(rows.count == 2, "\(engine)")
            #expect(try rows[0].string(0) == "it's ?", "\(engine)")
            #expect(try rows[0].int(1) == 42 && rows[0].bool(2) && rows[0].double(4) == 0.5, "\(engine)")
            let read = try rows[0].date(3)
            #expect(abs(read.timeIntervalSince(at)) < 0.001, "\(engine): \(read) vs \(at)")
            #expect(try rows[1].optionalInt(1) == nil && !rows[1].bool(2), "\(engine)")
            #expect(try rows[1].optionalDate(3) == nil && rows[1][4] == nil, "\(engine)")

            // A `?` in a quoted string is text, not a parameter; `later` answers inside the same body.
            let found = try await database.read { connection in
                let later = try connection.later("SELECT count(*) FROM seam_values WHERE flag = ?", [true])
                let byName = try connection.first(
                    "SELECT count FROM seam_values WHERE name = 'it''s ?' AND count > ?", [1])
                return (try later.first()?.int(0), try byName?.int(0))
            }
            #expect(found.0 == 1 && found.1 == 42, "\(engine)")
        }
    }

    @Test func eachEngineNumbersOnlyItsOwnSteps() {
        #expect(Self.table.identifiers(for: .sqlite) == ["seam.1-values", "seam.2-only-on-sqlite", "seam.3-both"])
        #expect(Self.table.identifiers(for: .postgres) == ["seam.1-values", "seam.2-both"])
    }

    @Test func questionMarksBecomeNumberedParametersOutsideQuotesAndComments() {
        #expect(PostgresConnection.numbered("SELECT ? , ?") == "SELECT $1 , $2")
        #expect(
            PostgresConnection.numbered("SELECT '?', \"a?\", ? -- why?\nFROM t WHERE x = ?")
                == "SELECT '?', \"a?\", $1 -- why?\nFROM t WHERE x = $2")
        #expect(PostgresConnection.numbered("SELECT 1") == "SELECT 1")
    }
}
