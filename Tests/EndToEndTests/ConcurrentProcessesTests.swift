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

        let runs = try await withThrowingTaskGroup(of: (String, KithProcess.Result).self) { group in
            for index in 0..<100 {
                group.addTask { ("write \(index)", try await kith(["--json", "contact", "add", "Writer \(index)"])) }
                group.addTask { ("read \(index)", try await kith(["--json", "contacts"])) }
            }
            var runs: [(String, KithProcess.Result)] = []
            for try await run in group { runs.append(run) }
            return runs
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
