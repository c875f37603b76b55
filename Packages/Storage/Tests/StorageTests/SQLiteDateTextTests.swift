import Foundation
import GRDB
import SQLiteStorage
import Storage
import Testing

/// A date bound on SQLite is the text GRDB's own formatter writes (`yyyy-MM-dd HH:mm:ss.SSS`, UTC), though it is
/// written by hand: files written before and after read the same, and compare the same as text.
@Suite("Dates as SQLite stores them")
struct SQLiteDateTextTests {
    let folder = TemporaryFolder()

    @Test func aBoundDateIsTheTextGRDBWrites() async throws {
        var generator = SystemRandomNumberGenerator()
        let year2100 = 4_102_444_800.0
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0.0009999), Date(timeIntervalSince1970: 0.001),
            Date(timeIntervalSince1970: 951_782_400.999_9), Date(timeIntervalSince1970: 1_800_000_000.999_999_9),
            Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: -1.5),
            Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSinceReferenceDate: 0), Date(),
        ]
        // Any instant (fractions of a millisecond included), and whole milliseconds, where rounding would show.
        dates += (0..<5_000).map { _ in Date(timeIntervalSince1970: Double.random(in: 0..<year2100, using: &generator))
        }
        dates += (0..<5_000).map { _ in
            Date(timeIntervalSince1970: Double(Int64.random(in: 0..<4_102_444_800_000, using: &generator)) / 1_000)
        }
        let database = try SQLiteDatabase.open(at: folder.path("k.sqlite"), features: [])
        let bound = dates
        let written = try await database.read { connection in
            try bound.map { try connection.first("SELECT ?", [$0])?.string(0) }
        }
        let expected = dates.map { String.fromDatabaseValue($0.databaseValue) }
        let differing = zip(dates, zip(written, expected)).filter { $1.0 != $1.1 }
        let examples = differing.prefix(3).map { "\($0.0.timeIntervalSince1970): \($0.1)" }
        #expect(differing.count == 0, "\(examples)")
    }
}
