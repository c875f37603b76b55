import Foundation
import Testing

/// `member graduate` and `signup --claim` with the built `kith`, on a local file and through `kith --remote`
/// against the built `kith-server`: the same transcript in both modes.
@Suite("Graduation through the built binaries")
struct GraduationEndToEndTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "kith-e2e-graduate-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    let password = "Pass-\(UUID().uuidString)"

    /// Runs kith on `database` (or through `server`), each mode with its own state folder.
    func kith(_ arguments: [String], server: KithServerProcess?, database: String) async throws -> KithProcess.Result {
        let target = server.map { ["--remote", $0.url] } ?? ["--db", database]
        return try await KithProcess.run(
            target + arguments,
            environment: ["KITH_PASSWORD": password, "XDG_STATE_HOME": database + "-state"])
    }

    @Test func aGraduatedMemberBecomesItsOwnAccountLocallyAndRemotely() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        for (index, mode) in [nil, server].enumerated() {
            let database = folder + "/device-\(index).sqlite"
            func run(_ arguments: String...) async throws -> KithProcess.Result {
                try await kith(arguments, server: mode, database: database)
            }
            func ok(_ arguments: String...) async throws -> [String: Any] {
                let result = try await kith(arguments + ["--json"], server: mode, database: database)
                #expect(result.status == 0, "\(arguments): \(result.errors)")
                return try TranscriptScripts.object(result.output)
            }
            _ = try await ok("signup", "ann@example.com", "--first", "Ann", "--last", "Lee")
            _ = try await ok("household", "create", "Home")
            let mia = try #require(try await ok("member", "add", "Mia")["memberId"] as? String)
            _ = try await ok("--as", "Mia", "prefs", "theme", "dark")
            _ = try await ok("--as", "Mia", "prefs", "font-size", "L")

            // Refused while acting, before the confirmation is asked for; then the confirmation itself.
            let acting = try await run("--as", "Mia", "member", "graduate", "Mia")
            #expect(acting.status == 1)
            #expect(acting.errors == "error: Not available while viewing as Mia. Switch back first.\n")
            let unconfirmed = try await run("member", "graduate", "Mia")
            #expect(unconfirmed.status == 1)
            #expect(unconfirmed.errors == "error: This needs confirmation: run it again with --yes.\n")

            let grant = try await ok("member", "graduate", "Mia", "--yes")
            let code = try #require(grant["claimCode"] as? String)
            #expect(grant["memberId"] as? String == mia && grant["expiresAt"] is String)
            let before = try await ok("household")
            #expect((before["members"] as? [[String: Any]])?.count == 2)

            let unknown = try await run(
                "signup", "mia@example.com", "--first", "Mia", "--last", "Lee", "--claim", "CLAIM-AAAA-BBBB-CCCC")
            #expect(unknown.status == 1)
            #expect(unknown.errors == "error: This claim code is not valid\n")

            let claimed = try await ok(
                "signup", "mia@example.com", "--first", "Mia", "--last", "Lee", "--claim", code.lowercased())
            let miaAccount = try #require(claimed["accountId"] as? String)
            let prefs = try await ok("prefs")
            #expect(prefs["memberId"] as? String == miaAccount)
            #expect(prefs["theme"] as? String == "dark" && prefs["fontSizeOffset"] as? Int == 2)
            let household = try await ok("household")
            let members = try #require(household["members"] as? [[String: Any]])
            #expect(members.count == 2)
            let member = try #require(members.first { $0["memberId"] as? String == miaAccount })
            #expect(member["kind"] as? String == "independent" && member["role"] as? String == "member")
            #expect(!members.contains { $0["memberId"] as? String == mia })

            // Ann's records of what she did as Mia now name the account; Ann can no longer act as Mia.
            let activity = try await kith(
                ["--account", "ann@example.com", "activity", "--json"], server: mode, database: database)
            #expect(activity.status == 0, "\(activity.errors)")
            let records = try #require(
                try JSONSerialization.jsonObject(with: Data(activity.output.utf8)) as? [[String: Any]])
            #expect(records.count == 2)
            #expect(records.map { $0["subjectMemberId"] as? String } == [miaAccount, miaAccount])
            #expect(records.map { $0["subjectDisplayName"] as? String } == ["Mia Lee", "Mia Lee"])
            for name in ["Mia", mia, "Mia Lee"] {
                let switched = try await run("--account", "ann@example.com", "--as", name, "whoami")
                #expect(switched.status == 1)
                #expect(switched.errors == "error: That profile is not available to switch to\n")
            }

            let again = try await run("signup", "zoe@example.com", "--first", "Zoe", "--last", "Lee", "--claim", code)
            #expect(again.status == 1)
            #expect(again.errors == "error: This claim code is not valid\n")
            let zoe = try await run("login", "zoe@example.com")
            #expect(zoe.status == 1)
        }
    }
}
