import Foundation
import Testing

/// `member graduate` and `signup --claim` with the built `kith`, on a local file and through `kith --remote`
/// against the built `kith-server`: the same transcript in both modes.
@Suite("Graduation through the built binaries")
struct GraduationEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-graduate-")
    let password = "Pass-\(UUID().uuidString)"

    @Test func aGraduatedMemberBecomesItsOwnAccountLocallyAndRemotely() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        for (index, mode) in [nil, server].enumerated() {
            let kith = KithInMode(server: mode, database: folder + "/device-\(index).sqlite", password: password)
            _ = try await kith.object("signup", "ann@example.com", "--first", "Ann", "--last", "Lee")
            _ = try await kith.object("household", "create", "Home")
            let mia = try #require(try await kith.object("member", "add", "Mia")["memberId"] as? String)
            _ = try await kith.object("--as", "Mia", "prefs", "theme", "dark")
            _ = try await kith.object("--as", "Mia", "prefs", "font-size", "L")

            // Refused while acting, before the confirmation is asked for; then the confirmation itself.
            let acting = try await kith.run("--as", "Mia", "member", "graduate", "Mia")
            #expect(acting.status == 1)
            #expect(acting.errors == "error: Not available while viewing as Mia. Switch back first.\n")
            let unconfirmed = try await kith.run("member", "graduate", "Mia")
            #expect(unconfirmed.status == 1)
            #expect(unconfirmed.errors == "error: This needs confirmation: run it again with --yes.\n")

            let grant = try await kith.object("member", "graduate", "Mia", "--yes")
            let code = try #require(grant["claimCode"] as? String)
            #expect(grant["memberId"] as? String == mia && grant["expiresAt"] is String)
            let before = try await kith.object("household")
            #expect((before["members"] as? [[String: Any]])?.count == 2)

            let unknown = try await kith.run(
                "signup", "mia@example.com", "--first", "Mia", "--last", "Lee", "--claim", "CLAIM-AAAA-BBBB-CCCC")
            #expect(unknown.status == 1)
            #expect(unknown.errors == "error: This claim code is not valid\n")

            let claimed = try await kith.object(
                "signup", "mia@example.com", "--first", "Mia", "--last", "Lee", "--claim", code.lowercased())
            let miaAccount = try #require(claimed["accountId"] as? String)
            let prefs = try await kith.object("prefs")
            #expect(prefs["memberId"] as? String == miaAccount)
            #expect(prefs["theme"] as? String == "dark" && prefs["fontSizeOffset"] as? Int == 2)
            let household = try await kith.object("household")
            let members = try #require(household["members"] as? [[String: Any]])
            #expect(members.count == 2)
            let member = try #require(members.first { $0["memberId"] as? String == miaAccount })
            #expect(member["kind"] as? String == "independent" && member["role"] as? String == "member")
            #expect(!members.contains { $0["memberId"] as? String == mia })

            // Ann's records of what she did as Mia now name the account; Ann can no longer act as Mia.
            let records = try await kith.array("--account", "ann@example.com", "activity")
            #expect(records.count == 2)
            #expect(records.map { $0["subjectMemberId"] as? String } == [miaAccount, miaAccount])
            #expect(records.map { $0["subjectDisplayName"] as? String } == ["Mia Lee", "Mia Lee"])
            for name in ["Mia", mia, "Mia Lee"] {
                let switched = try await kith.run("--account", "ann@example.com", "--as", name, "whoami")
                #expect(switched.status == 1)
                #expect(switched.errors == "error: That profile is not available to switch to\n")
            }

            let again = try await kith.run(
                "signup", "zoe@example.com", "--first", "Zoe", "--last", "Lee", "--claim", code)
            #expect(again.status == 1)
            #expect(again.errors == "error: This claim code is not valid\n")
            let zoe = try await kith.run("login", "zoe@example.com")
            #expect(zoe.status == 1)
        }
    }
}
