import Foundation
import Testing

/// Accounts, the switcher and households through the built `kith`, as a script and as one-shot commands.
@Suite("Identity through the built binary")
struct IdentityEndToEndTests {
    let database = NSTemporaryDirectory() + "kith-e2e-identity-\(UUID().uuidString).sqlite"
    let password = "Pass-\(UUID().uuidString)"

    func json(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func aScriptSignsUpSwitchesAndBuildsAHousehold() async throws {
        let script = """
            signup ana@example.com --first Ana --last Lee --role player
            signup ben@example.com --first Ben --last Lee
            accounts
            accounts switch ana@example.com
            whoami
            household create "Lee Family"
            member add Max
            member add Mia --avatar fox
            household
            """
        let run = try await KithProcess.run(
            ["--db", database, "--json"], input: Data(script.utf8), environment: ["KITH_PASSWORD": password])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 9)
        guard lines.count == 9 else { return }

        let ben = try json(lines[1])
        #expect(ben["email"] as? String == "ben@example.com")
        #expect(ben["role"] as? String == "member")

        let accounts = try #require(try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [[String: Any]])
        #expect(accounts.map { $0["email"] as? String } == ["ben@example.com", "ana@example.com"])
        for account in accounts {
            for key in [
                "accountId", "email", "displayName", "accountType", "authMethod", "lastUsed", "current", "sessionLive",
            ] {
                #expect(account[key] != nil, "accounts lacks \(key)")
            }
        }
        #expect(accounts[0]["current"] as? Bool == true)

        let whoami = try json(lines[4])
        #expect(whoami["email"] as? String == "ana@example.com")
        #expect(whoami["firstName"] as? String == "Ana")
        #expect(whoami["lastName"] as? String == "Lee")
        #expect(whoami["role"] as? String == "player")
        #expect(whoami["actingAs"] is NSNull)
        let persona = try #require(whoami["persona"] as? [String: Any])
        #expect(persona["type"] as? String == "primary")
        #expect(whoami["accountId"] is String)

        let max = try json(lines[6])
        #expect((max["memberId"] as? String)?.hasPrefix("managed_") == true)
        #expect(max["displayName"] as? String == "Max")

        let household = try json(lines[8])
        #expect(household["name"] as? String == "Lee Family")
        #expect(household["ownerAccountId"] as? String == whoami["accountId"] as? String)
        let members = try #require(household["members"] as? [[String: Any]])
        #expect(members.count == 3)
        for member in members {
            for key in ["memberId", "displayName", "kind", "role", "guardianAccountIds", "addedAt"] {
                #expect(member[key] != nil, "a member lacks \(key)")
            }
        }
        let managed = members.filter { $0["kind"] as? String == "managed" }
        #expect(managed.count == 2)
        let anaId = try #require(whoami["accountId"] as? String)
        #expect(managed.allSatisfy { ($0["guardianAccountIds"] as? [String]) == [anaId] })

        // No password in anything kith printed or stored.
        #expect(!run.output.contains(password) && !run.errors.contains(password))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(bytes.range(of: Data(password.utf8)) == nil)
    }

    @Test func accountRunsAsAnotherSavedAccountWithoutChangingTheCurrentOne() async throws {
        let environment = ["KITH_PASSWORD": password]
        let setup = "signup ana@example.com --first Ana --last Lee\nsignup ben@example.com --first Ben --last Lee\n"
        let signedUp = try await KithProcess.run(["--db", database], input: Data(setup.utf8), environment: environment)
        #expect(signedUp.status == 0, "\(signedUp.errors)")

        let asAna = try await KithProcess.run(["--db", database, "--account", "ana@example.com", "whoami", "--json"])
        #expect(asAna.status == 0, "\(asAna.errors)")
        #expect(asAna.output.contains("\"email\":\"ana@example.com\""))

        let current = try await KithProcess.run(["--db", database, "whoami", "--json"])
        #expect(current.output.contains("\"email\":\"ben@example.com\""))

        let unknown = try await KithProcess.run(["--db", database, "--account", "nobody@example.com", "whoami"])
        #expect(unknown.status == 1)
        #expect(unknown.errors.hasPrefix("error: "))
    }

    @Test func notSignedInIsRefusedWithDomainsSentence() async throws {
        let run = try await KithProcess.run(["--db", database, "whoami"])
        #expect(run.status == 1)
        #expect(run.errors == "error: Not signed in. Use `login` or `signup` first.\n")
    }
}
