import Foundation
import Testing

/// Family codes with `--expires`/`--max-uses` and `activity --member`, with the built `kith` on a local file and
/// through `kith --remote` against the built `kith-server`: the same sentences and results in both modes.
@Suite("Family codes with limits and guardians' activity, locally and through kith --remote")
struct FamilySafetyRemoteEndToEndTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "kith-e2e-safety-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    let password = "Pass-\(UUID().uuidString)"
    static let expired = "error: This family code has expired. Ask the player for a new one.\n"

    /// Runs kith on `database` (or through `server`), each mode with its own state folder.
    func kith(_ arguments: [String], server: KithServerProcess?, database: String) async throws -> KithProcess.Result {
        let target = server.map { ["--remote", $0.url] } ?? ["--db", database]
        return try await KithProcess.run(
            target + arguments,
            environment: ["KITH_PASSWORD": password, "XDG_STATE_HOME": database + "-state"])
    }

    /// The SQLite file the rules run on in a mode: the local file, or the server's.
    func file(_ server: KithServerProcess?, _ database: String) -> String { server?.database ?? database }

    @Test func limitedCodesExpireAndUseUpWithTheSameSentenceInBothModes() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        var logs: [[String?]] = []
        for (index, mode) in [nil, server].enumerated() {
            let database = folder + "/codes-\(index).sqlite"
            func run(_ arguments: String...) async throws -> KithProcess.Result {
                try await kith(arguments, server: mode, database: database)
            }
            func json(_ arguments: String...) async throws -> [String: Any] {
                let result = try await kith(arguments + ["--json"], server: mode, database: database)
                #expect(result.status == 0, "\(arguments): \(result.errors)")
                return try TranscriptScripts.object(result.output)
            }
            for parent in ["pat", "ann"] {
                _ = try await json(
                    "signup", "\(parent)@example.com", "--first", "Pa", "--last", "Rent", "--role", "parent")
            }
            _ = try await json("signup", "quinn@example.com", "--first", "Quinn", "--last", "Ray", "--role", "player")
            let once = try await json("family", "regenerate", "--max-uses", "1", "--expires", "7d", "--yes")
            let code = try #require(once["code"] as? String)
            #expect(once["usesLeft"] as? Int == 1 && once["expiresAt"] is String)
            let shown = try await json("family", "code")
            #expect(shown["usesLeft"] as? Int == 1 && shown["expiresAt"] as? String == once["expiresAt"] as? String)

            // One use: Pat joins, Ann is told it has expired.
            let joined = try await run("--account", "pat@example.com", "family", "join", code)
            #expect(joined.status == 0, "\(joined.errors)")
            let usedUp = try await run("--account", "ann@example.com", "family", "join", code)
            #expect(usedUp.status == 1)
            #expect(usedUp.errors == Self.expired)
            #expect(try await json("family", "code")["usesLeft"] as? Int == 0)

            // A code past its time: 30 minutes, moved into the past in the rules' own file.
            let later = try await json("family", "regenerate", "--expires", "30m", "--yes")
            let laterCode = try #require(later["code"] as? String)
            #expect(later["usesLeft"] is NSNull)
            let moved = try await KithProcess.shell(
                "sqlite3 '\(file(mode, database))' "
                    + "\"UPDATE familycodes_codes SET expires_at = '2000-01-01 00:00:00.000' WHERE code = '\(laterCode)'\""
            )
            #expect(moved.status == 0, "\(moved.errors)")
            let tooLate = try await run("--account", "ann@example.com", "family", "join", laterCode)
            #expect(tooLate.status == 1)
            #expect(tooLate.errors == Self.expired)

            let log = try await kith(["family", "log", "--json"], server: mode, database: database)
            #expect(log.status == 0, "\(log.errors)")
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(log.output.utf8)) as? [[String: Any]])
            logs.append(entries.map { $0["result"] as? String })
        }
        #expect(logs[0] == ["joined", "expired", "expired"] || logs[0] == ["expired", "expired", "joined"])
        #expect(logs[1] == logs[0])
    }

    @Test func aGuardianSeesEveryRecordMadeForTheMemberInBothModes() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        for (index, mode) in [nil, server].enumerated() {
            let database = folder + "/activity-\(index).sqlite"
            func run(_ arguments: String...) async throws -> KithProcess.Result {
                let result = try await kith(arguments, server: mode, database: database)
                return result
            }
            func records(_ arguments: String...) async throws -> [[String: Any]] {
                let result = try await kith(arguments + ["--json"], server: mode, database: database)
                #expect(result.status == 0, "\(arguments): \(result.errors)")
                return try #require(
                    try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            }
            // Quinn's family: Dana, Eve and Cy join it by code; Dana adds Max and makes Eve a guardian too.
            let quinn = try await run(
                "signup", "quinn@example.com", "--first", "Quinn", "--last", "Ray", "--role", "player")
            #expect(quinn.status == 0, "\(quinn.errors)")
            let code = try #require(
                try TranscriptScripts.object(try await run("family", "code", "--json").output)["code"] as? String)
            var ids: [String: String] = [:]
            for name in ["Cy", "Eve", "Dana"] {
                let signup = try await run(
                    "signup", "\(name.lowercased())@example.com", "--first", name, "--last", "Lee", "--role", "parent",
                    "--json")
                #expect(signup.status == 0, "\(signup.errors)")
                ids[name] = try TranscriptScripts.object(signup.output)["accountId"] as? String
                let join = try await run("family", "join", code)
                #expect(join.status == 0, "\(join.errors)")
            }
            #expect(try await run("member", "add", "Max").status == 0)
            #expect(try await run("member", "guardian", "add", "Max", "eve@example.com").status == 0)
            #expect(try await run("--as", "Max", "prefs", "theme", "dark").status == 0)
            #expect(try await run("--account", "eve@example.com", "--as", "Max", "prefs", "font-size", "L").status == 0)

            // Eve sees both records for Max, Dana's too; her own `activity` lists only hers.
            let forMax = try await records("--account", "eve@example.com", "activity", "--member", "Max")
            #expect(forMax.map { $0["actorAccountId"] as? String } == [ids["Dana"], ids["Eve"]])
            #expect(forMax.allSatisfy { $0["subjectDisplayName"] as? String == "Max" })
            let evesOwn = try await records("--account", "eve@example.com", "activity")
            #expect(evesOwn.map { $0["actorAccountId"] as? String } == [ids["Eve"]])
            #expect(try await records("activity", "--member", "max").count == 2)

            let notGuardian = try await run("--account", "cy@example.com", "activity", "--member", "Max")
            #expect(notGuardian.status == 1)
            #expect(notGuardian.errors == "error: Only a guardian of Max can do that\n")
            let acting = try await run("--as", "Max", "activity", "--member", "Max")
            #expect(acting.status == 1)
            #expect(acting.errors == "error: Not available while viewing as Max. Switch back first.\n")
        }
    }
}
