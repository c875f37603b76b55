import Console
import Foundation
import IdentityCommands
import Testing

@Suite("member graduate and signup --claim")
struct GraduationCommandsTests {
    @Test("the code is shown once after a confirmation, and signing up with it makes the member an account")
    func graduate() async throws {
        let (device, _) = try await HouseholdCommandsTests.family()
        await device.run("member add Mia")
        let refused = await device.run("member graduate Mia")
        #expect(refused.errors == "error: This needs confirmation: run it again with --yes.\n")
        let declined = ScriptedInteraction(answers: ["no"])
        #expect(await device.run("member graduate Mia", interaction: declined).exitCode == 1)
        #expect(
            declined.questions == [
                "Graduate Mia? The account made with the code takes over Mia, and you will no longer be its guardian. [y/N] "
            ])

        let human = await device.run("member graduate Mia", interaction: ScriptedInteraction(answers: ["y"]))
        #expect(human.exitCode == 0)
        let code = try #require(human.output.firstMatch(of: /CLAIM-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)).output
        #expect(human.output.hasPrefix("Claim code for Mia: \(code)\n"))
        #expect(human.output.contains("until 2025-01-08 00:00 UTC."))
        // A second code replaces the first.
        let json = await device.run("member graduate Mia", json: true, yes: true)
        #expect(keys(json.object) == ["memberId", "displayName", "claimCode", "expiresAt"])
        let second = try #require(json.object["claimCode"] as? String)
        #expect(second != String(code))

        let environment = ["KITH_PASSWORD": "correct horse battery"]
        let stale = await device.run(
            "signup mia@example.com --first Mia --last Reyes --claim \(code)", environment: environment)
        #expect(stale.exitCode == 1)
        #expect(stale.errors == "error: This claim code is not valid\n")
        let claimed = await device.run(
            "signup mia@example.com --first Mia --last Reyes --claim \(second)", json: true, environment: environment)
        #expect(claimed.exitCode == 0, "\(claimed.errors)")
        let members = try #require(await device.run("household", json: true).object["members"] as? [[String: Any]])
        #expect(members.count == 3)
        #expect(
            members.contains { $0["displayName"] as? String == "Mia Reyes" && $0["kind"] as? String == "independent" })
    }

    @Test("refused while acting and for a member one does not guard, before asking")
    func refusals() async throws {
        let (device, _) = try await HouseholdCommandsTests.family()
        await device.run("member add Mia")
        await device.run("accounts switch sam@example.com")
        let interaction = ScriptedInteraction(answers: ["y"])
        let notGuardian = await device.run("member graduate Mia", interaction: interaction)
        #expect(notGuardian.errors == "error: Only a guardian of Mia can do that\n")
        let unknown = await device.run("member graduate Zed", interaction: interaction)
        #expect(unknown.errors == "error: No member named Zed\n")
        #expect(interaction.questions.isEmpty)
    }
}
