import Foundation

/// `kith __complete`, what bash, zsh and fish run on every TAB: a command word (no file opened) and the
/// circles of the current account (the file opened read-only), beside `sqlite3 FILE 'select 1'`.
enum CompletionBenchmark {
    static func run(kith: String, runs: Int) throws {
        let folder = NSTemporaryDirectory() + "kith-bench-complete-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/bench.sqlite"
        setenv("KITH_PASSWORD", "bench-password-1234", 1)
        _ = try ProcessTimer.time([
            kith, "--db", database, "signup", "bench@example.com", "--first", "B", "--last", "C",
        ])
        for index in 0..<20 {
            _ = try ProcessTimer.time([kith, "--db", database, "circle", "create", "Circle \(index)"])
        }

        let sqlite = try StartupBenchmark.findProgram("sqlite3")
        let baseline = try ProcessTimer.median([sqlite, database, "select 1"], runs: runs)
        let command = try ProcessTimer.median([kith, "__complete", "--db", database, "circle", "sh"], runs: runs)
        let circles = try ProcessTimer.median([kith, "__complete", "--db", database, "circle", "show", ""], runs: runs)

        print("shell completion on an account with 25 circles, median of \(runs) runs (lower is better)")
        print(StartupBenchmark.row("sqlite3 FILE 'select 1' (baseline)", baseline, baseline))
        print(StartupBenchmark.row("kith __complete circle sh", command, baseline))
        print(StartupBenchmark.row("kith __complete circle show ''", circles, baseline))
        print("goal: every completion under 50 ms")
    }
}
