import Foundation
import Testing

/// Issue 14's acceptance: 100 one-shot `kith` runs reading and 100 writing one file, all at once. None fails (a busy
/// file is waited for, never reported as "not a Kith database"), and every write is in the file afterwards.
@Suite("Two hundred kith processes on one file")
struct ConcurrentProcessesTests {
    let database = NSTemporaryDirectory() + "kith-e2e-concurrent-\(UUID().uuidString).sqlite"

    func kith(_ arguments: [String], input: String = "") async throws -> KithProcess.Result {
        try await KithProcess.run(
            ["--db", database] + arguments, input: Data(input.utf8),
            environment: ["KITH_PASSWORD": "Pass-\(UUID().uuidString)"])
    }

    static func contactNames(_ json: String) -> Set<String>? {
        guard let list = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else {
            return nil
        }
        return Set(list.compactMap { $0["displayName"] as? String })
    }

    @Test func hundredReadersAndHundredWritersAtOnceAllSucceed() async throws {
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        }
        let setup = try await kith([], input: "signup rae@example.com --first Rae --last Moss\ncontact add Anchor\n")
        try #require(setup.status == 0, "\(setup.errors)")

        // One shell starts all 200 at once and waits for them: 200 Foundation `Process`es in this test process would
        // hold over a thousand pipe ends while the rest of the suite runs, past what `Process.run()` survives.
        let folder = database + ".runs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // `xargs -P` waits for its children itself (the test process blocks SIGCHLD, which a shell's `wait` needs).
        let started = try await KithProcess.shell(
            """
            cd "$RUNS" || exit 1
            seq 0 199 | xargs -P 200 -I{} sh -c '
              i=$(({} / 2))
              if [ $(({} % 2)) -eq 0 ]; then
                "$KITH" --db "$DB" --json contact add "Writer $i" > "write $i.out" 2> "write $i.err"; echo $? > "write $i.rc"
              else
                "$KITH" --db "$DB" --json contacts > "read $i.out" 2> "read $i.err"; echo $? > "read $i.rc"
              fi'
            """,
            environment: ["RUNS": folder, "KITH": KithProcess.binary, "DB": database])
        try #require(started.status == 0, "\(started.errors)")
        func file(_ name: String) -> String {
            (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
        }
        let runs = (0..<100).flatMap { index in
            ["write \(index)", "read \(index)"].map { name in
                (
                    name,
                    KithProcess.Result(
                        status: Int32(file(name + ".rc").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                        output: file(name + ".out"), errors: file(name + ".err"))
                )
            }
        }

        #expect(runs.count == 200)
        for (name, run) in runs {
            #expect(run.status == 0, "\(name): exit \(run.status): \(run.errors)")
            if name.hasPrefix("write") {
                let index = name.dropFirst("write ".count)
                let added = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
                #expect(added?["displayName"] as? String == "Writer \(index)", "\(name): \(run.output)")
            } else {
                #expect(Self.contactNames(run.output)?.contains("Anchor") == true, "\(name): \(run.output)")
            }
        }
        let after = try await kith(["--json", "contacts"])
        let names = try #require(Self.contactNames(after.output), "\(after.output)")
        let written = Set((0..<100).map { "Writer \($0)" })
        #expect(written.isSubset(of: names), "missing: \(written.subtracting(names).sorted())")
    }
}
