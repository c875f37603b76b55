import Foundation

/// Start-up of `kith version` and `kith --db FILE status`, beside `sqlite3 FILE 'select 1'` in the same run, and the
/// size of the `kith` file measured.
enum StartupBenchmark {
    static func run(kith: String, runs: Int) throws {
        let folder = NSTemporaryDirectory() + "kith-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/bench.sqlite"
        _ = try ProcessTimer.time([kith, "--db", database, "status"])

        let sqlite = try findProgram("sqlite3")
        let medians = try ProcessTimer.medians(
            [[sqlite, database, "select 1"], [kith, "version"], [kith, "--db", database, "status"]], runs: runs)
        let (baseline, version, status) = (medians[0], medians[1], medians[2])
        let size = try FileManager.default.attributesOfItem(atPath: kith)[.size] as? Int ?? 0

        print("start-up, median of \(runs) runs taken in turns (lower is better)")
        print(row("sqlite3 FILE 'select 1' (baseline)", baseline, baseline))
        print(row("kith version", version, baseline))
        print(row("kith --db FILE status", status, baseline))
        print("  \("kith file size".padding(toLength: 38, withPad: " ", startingAt: 0)) \(size) bytes")
        print(
            "goal: kith version (a PIE) at most 2.50x the baseline and under 10 ms; the kith file at most 75000000 bytes"
        )
    }

    static func row(_ label: String, _ seconds: Double, _ baseline: Double) -> String {
        let name = label.padding(toLength: 38, withPad: " ", startingAt: 0)
        return "  \(name) \(String(format: "%7.2f ms  %5.2fx", seconds * 1000, seconds / baseline))"
    }

    static func findProgram(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
            return "\(folder)/\(name)"
        }
        throw ProcessTimer.Failure(description: "\(name) is not installed (Tools/bootstrap installs it)")
    }
}
