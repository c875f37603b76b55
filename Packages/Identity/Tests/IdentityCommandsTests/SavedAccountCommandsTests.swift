import Console
import Foundation
import IdentityCommands
import Testing

@Suite("Saved accounts commands")
struct SavedAccountCommandsTests {
    @Test("accounts: most recent first, the current marked, the hint only with two or more")
    func listing() async throws {
        let device = try Device()
        let empty = await device.run("accounts")
        #expect(empty.output.contains("No accounts saved"))
        #expect(await device.run("accounts", json: true).output == "[]\n")

        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        let one = await device.run("accounts")
        #expect(one.output.hasPrefix("Switch account · 1 account\n"))
        #expect(one.output.contains("Current"))
        #expect(!one.output.contains("accounts switch EMAIL"))

        device.clock.advance(by: 60)
        await device.signUp("sam@example.com", first: "Sam", last: "Kim")
        let two = await device.run("accounts")
        #expect(two.output.hasPrefix("Switch account · 2 accounts\n"))
        #expect(two.output.contains("accounts switch EMAIL"))
        let rows = two.output.split(separator: "\n").map(String.init)
        #expect(rows[1].hasPrefix("›") && rows[1].contains("sam@example.com") && rows[1].contains("Current"))
        #expect(rows[2].contains("dana@example.com") && rows[2].contains("signed in"))

        let json = await device.run("accounts", json: true).array
        #expect(json.count == 2)
        #expect(
            json.allSatisfy {
                keys($0).isSuperset(of: [
                    "accountId", "email", "displayName", "accountType", "authMethod", "lastUsed", "current",
                    "sessionLive",
                ])
            })
        #expect(json.map { $0["email"] as? String } == ["sam@example.com", "dana@example.com"])
        #expect(json.map { $0["current"] as? Bool } == [true, false])
        #expect(json[0]["lastUsed"] as? String == "2025-01-01T00:01:00Z")
        #expect(json[1]["displayName"] as? String == "Dana Reyes")
        #expect(json[1]["accountType"] as? String == "private")
        #expect(json[1]["authMethod"] as? String == "password")
        #expect(json[1]["sessionLive"] as? Bool == true)
    }

    @Test("switch is silent with a live session; to the current account it says so and succeeds")
    func silentSwitch() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        await device.signUp("sam@example.com", first: "Sam", last: "Kim")
        let interaction = ScriptedInteraction(answers: [])
        let switched = await device.run("accounts switch dana@example.com", interaction: interaction)
        #expect(switched.exitCode == 0)
        #expect(switched.output == "Switched to dana@example.com\n")
        #expect(interaction.questions.isEmpty)
        #expect(await device.run("whoami", json: true).object["email"] as? String == "dana@example.com")

        let same = await device.run("accounts switch DANA@example.com")
        #expect(same.exitCode == 0)
        #expect(same.output == "Already using dana@example.com\n")
        let json = await device.run("accounts switch sam@example.com", json: true)
        #expect(json.object["message"] as? String == "Switched to sam@example.com")

        let unknown = await device.run("accounts switch nobody@example.com")
        #expect(unknown.exitCode == 1)
        #expect(unknown.errors == "error: No account named nobody@example.com\n")
    }

    @Test("switch to an expired session asks for the password; a wrong one leaves the current account")
    func expiredSwitch() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes", password: "dana-secret-4821")
        device.clock.advance(by: 31 * Device.day)
        let sam = await device.signUp("sam@example.com", first: "Sam", last: "Kim", password: "sam-secret-7390")
        #expect(sam.exitCode == 0)

        let wrong = ScriptedInteraction(answers: ["wrong-secret-0000"])
        let refused = await device.run("accounts switch dana@example.com", interaction: wrong)
        #expect(refused.exitCode == 1)
        #expect(refused.errors == "error: Email or password is incorrect\n")
        #expect(wrong.questions == ["Sign in as Dana Reyes (dana@example.com). Password: "])
        #expect(await device.run("whoami", json: true).object["email"] as? String == "sam@example.com")

        let noSource = await device.run("accounts switch dana@example.com")
        #expect(noSource.exitCode == 2)
        #expect(noSource.errors.contains("A password is needed"))

        let right = ScriptedInteraction(answers: ["dana-secret-4821"])
        let switched = await device.run("accounts switch dana@example.com", interaction: right)
        #expect(switched.exitCode == 0)
        #expect(switched.output == "Switched to dana@example.com\n")
        #expect(await device.run("whoami", json: true).object["email"] as? String == "dana@example.com")

        device.clock.advance(by: 31 * Device.day)
        await device.run("login sam@example.com", environment: ["KITH_PASSWORD": "sam-secret-7390"])
        let byEnvironment = await device.run(
            "accounts switch dana@example.com", environment: ["KITH_PASSWORD": "dana-secret-4821"])
        #expect(byEnvironment.output == "Switched to dana@example.com\n")
        for secret in ["dana-secret-4821", "sam-secret-7390", "wrong-secret-0000"] {
            #expect(!device.transcript.contains(secret))
        }
    }

    @Test("remove asks first: refused without a terminal or --yes, done with --yes, never the current")
    func remove() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        await device.signUp("sam@example.com", first: "Sam", last: "Kim")

        let refused = await device.run("accounts remove dana@example.com")
        #expect(refused.exitCode == 1)
        #expect(refused.errors == "error: This needs confirmation: run it again with --yes.\n")
        #expect(await device.run("accounts", json: true).array.count == 2)

        let no = ScriptedInteraction(answers: ["n"])
        let declined = await device.run("accounts remove dana@example.com", interaction: no)
        #expect(declined.exitCode == 1)
        #expect(no.questions == ["Remove dana@example.com from this device? [y/N] "])
        #expect(await device.run("accounts", json: true).array.count == 2)

        let current = await device.run("accounts remove sam@example.com", yes: true)
        #expect(current.exitCode == 1)
        #expect(current.errors == "error: Switch to another account first\n")

        let removed = await device.run("accounts remove dana@example.com", yes: true)
        #expect(removed.exitCode == 0)
        #expect(removed.output.hasPrefix("Removed dana@example.com from this device."))
        let left = await device.run("accounts", json: true).array
        #expect(left.map { $0["email"] as? String } == ["sam@example.com"])
        #expect(!(await device.run("accounts").output.contains("accounts switch EMAIL")))

        // The account itself is kept: it can sign in again.
        let login = await device.run("login dana@example.com", environment: ["KITH_PASSWORD": "correct horse battery"])
        #expect(login.exitCode == 0)
    }
}
