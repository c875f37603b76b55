import Foundation
import GRDB
import SQLiteStorage
import Storage

/// What a durable commit costs beside a normal one (DOMAIN.md, "Durability"): the same one-row INSERT
/// transaction committed as every command is (WAL, `synchronous=NORMAL`: no sync) and as the commands that end
/// access are (`synchronous=FULL` for that commit: the WAL is synced before it returns), in alternating rounds so
/// a slow stretch of the machine weighs on both alike.
enum DurabilityBenchmark {
    static let round = 50

    static func run(commits: Int) async throws {
        let folder = NSTemporaryDirectory() + "kith-bench-durability-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try SQLiteDatabase.open(
            at: folder + "/durability.sqlite",
            features: [
                FeatureMigrations(
                    feature: "bench",
                    migrations: [
                        Migration("rows", "CREATE TABLE rows (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
                    ])
            ])

        var nanoseconds: [UInt64] = [0, 0]
        for start in stride(from: 0, to: commits, by: round) {
            for (position, synchronous) in [false, true].enumerated() {
                let begin = DispatchTime.now().uptimeNanoseconds
                for index in start..<min(start + round, commits) {
                    try await database.writeDatabase(synchronous: synchronous) { db in
                        try db.execute(sql: "INSERT INTO rows (value) VALUES (?)", arguments: ["row \(index)"])
                    }
                }
                nanoseconds[position] += DispatchTime.now().uptimeNanoseconds - begin
            }
        }

        let micros = nanoseconds.map { Double($0) / Double(commits) / 1000 }
        print(
            "durable commits on SQLite (lower is better), \(commits) one-row INSERT transactions each, rounds of \(round)"
        )
        print(String(format: "  normal  (WAL, synchronous=NORMAL)        %9.1f µs per commit", micros[0]))
        print(
            String(
                format: "  durable (synchronous=FULL for the commit) %9.1f µs per commit  (%.1fx)", micros[1],
                micros[1] / micros[0]))
    }
}
