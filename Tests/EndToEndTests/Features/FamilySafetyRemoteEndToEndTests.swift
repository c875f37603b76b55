import Foundation
import Testing

/// Family codes with `--expires`/`--max-uses` and `activity --member`, with the built `kith` on a local file and
/// through `kith --remote` against the built `kith-server`: the same sentences and results in both modes.
@Suite("Family codes with limits and guardians' activity, locally and through kith --remote")
struct FamilySafetyRemoteEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-safety-")
    let password = "Pass-\(UUID().uuidString)"
    static let expired = "error: This family code has expired. Ask the player for a new one.\n"

    @Test func limitedCodesExpireAndUseUpWithTheSameSentenceInBothModes() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        var logs: [[String?]] = []
        for (index, mode) in [nil, server].enumerated() {
            let kith = KithInMode(server: mode, database: folder + "/codes-\(index).sqlite", password: password)
            for parent in ["pat", "ann"] {
                _ = try await kith.object(
                    "signup", "\(parent)@example.com", "--first", "Pa", "--last", "Rent", "--role", "parent")
            }
            _ = try await kith.object(
                "signup", "quinn@example.com", "--first", "Quinn", "--last", "Ray", "--role", "player")
            let once = try await kith.object("family", "regenerate", "--max-uses", "1", "--expires", "7d", "--yes")
            let code = try #require(once["code"] as? String)
            #expect(once["usesLeft"] as? Int == 1 && once["expiresAt"] is String)
            let shown = try await kith.object("family", "code")
            #expect(shown["usesLeft"] as? Int == 1 && shown["expiresAt"] as? String == once["expiresAt"] as? String)

            // One use: Pat joins, Ann is told it has expired.
            let joined = try await kith.run("--account", "pat@example.com", "family", "join", code)
            #expect(joined.status == 0, "\(joined.errors)")
            let usedUp = try await kith.run("--account", "ann@example.com", "family", "join", code)
            #expect(usedUp.status == 1)
            #expect(usedUp.errors == Self.expired)
            #expect(try await kith.object("family", "code")["usesLeft"] as? Int == 0)

            // A code past its time: 30 minutes, moved into the past in the rules' own file.
            let later = try await kith.object("family", "regenerate", "--expires", "30m", "--yes")
            let laterCode = try #require(later["code"] as? String)
            #expect(later["usesLeft"] is NSNull)
            let moved = try await KithProcess.shell(
                "sqlite3 '\(kith.file)' "
                    + "\"UPDATE familycodes_codes SET expires_at = '2000-01-01 00:00:00.000' WHERE code = '\(laterCode)'\""
            )
            #expect(moved.status == 0, "\(moved.errors)")
            let tooLate = try await kith.run("--account", "ann@example.com", "family", "join", laterCode)
            #expect(tooLate.status == 1)
            #expect(tooLate.errors == Self.expired)

            let entries = try await kith.array("family", "log")
            logs.append(entries.map { $0["result"] as? String })
        }
        #expect(logs[0] == ["joined", "expired", "expired"] || logs[0] == ["expired", "expired", "joined"])
        #expect(logs[1] == logs[0])
    }

    @Test func aGuardianSeesEveryRecordMadeForTheMemberInBothModes() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        for (index, mode) in [nil, server].enumerated() {
            let kith = KithInMode(server: mode, database: folder + "/activity-\(index).sqlite", password: password)
            // Quinn's family: Dana, Eve and Cy join it by code; Dana adds Max and makes Eve a guardian too.
            let quinn = try await kith.run(
                "signup", "quinn@example.com", "--first", "Quinn", "--last", "Ray", "--role", "player")
            #expect(quinn.status == 0, "\(quinn.errors)")
            let code = try #require(
                try TranscriptScripts.object(try await kith.run("family", "code", "--json").output)["code"] as? String)
            var ids: [String: String] = [:]
            for name in ["Cy", "Eve", "Dana"] {
                let signup = try await kith.run(
                    "signup", "\(name.lowercased())@example.com", "--first", name, "--last", "Lee", "--role", "parent",
                    "--json")
                #expect(signup.status == 0, "\(signup.errors)")
                ids[name] = try TranscriptScripts.object(signup.output)["accountId"] as? String
                let join = try await kith.run("family", "join", code)
                #expect(join.status == 0, "\(join.errors)")
            }
            #expect(try await kith.run("member", "add", "Max").status == 0)
            #expect(try await kith.run("member", "guardian", "add", "Max", "eve@example.com").status == 0)
            #expect(try await kith.run("--as", "Max", "prefs", "theme", "dark").status == 0)
            #expect(
                try await kith.run("--account", "eve@example.com", "--as", "Max", "prefs", "font-size", "L").status == 0
            )

            // Eve sees both records for Max, Dana's too; her own `activity` lists only hers.
            let forMax = try await kith.array("--account", "eve@example.com", "activity", "--member", "Max")
            #expect(forMax.map { $0["actorAccountId"] as? String } == [ids["Dana"], ids["Eve"]])
            #expect(forMax.allSatisfy { $0["subjectDisplayName"] as? String == "Max" })
            let evesOwn = try await kith.array("--account", "eve@example.com", "activity")
            #expect(evesOwn.map { $0["actorAccountId"] as? String } == [ids["Eve"]])
            #expect(try await kith.array("activity", "--member", "max").count == 2)

            let notGuardian = try await kith.run("--account", "cy@example.com", "activity", "--member", "Max")
            #expect(notGuardian.status == 1)
            #expect(notGuardian.errors == "error: Only a guardian of Max can do that\n")
            let acting = try await kith.run("--as", "Max", "activity", "--member", "Max")
            #expect(acting.status == 1)
            #expect(acting.errors == "error: Not available while viewing as Max. Switch back first.\n")
        }
    }
}
