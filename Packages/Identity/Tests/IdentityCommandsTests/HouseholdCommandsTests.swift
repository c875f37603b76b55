import Console
import Foundation
import IdentityCommands
import Testing

@Suite("Household and member commands")
struct HouseholdCommandsTests {
    static let householdKeys: Set<String> = ["householdId", "name", "ownerAccountId", "members"]
    static let memberKeys: Set<String> = [
        "memberId", "displayName", "kind", "role", "avatarKey", "monogram", "guardianAccountIds", "addedAt",
    ]

    /// Dana owns "Reyes Family"; Sam signed up and joined it; Dana is current again.
    static func family() async throws -> (device: Device, householdId: String) {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        let created = await device.run("household create 'Reyes Family'", json: true)
        let householdId = try #require(created.object["householdId"] as? String)
        await device.signUp("sam@example.com", first: "Sam", last: "Kim")
        let sam = try #require(try await device.accounts.currentPrincipal())
        _ = try await device.service.joinHousehold(sam, householdId: householdId, role: .member)
        await device.run("accounts switch dana@example.com")
        return (device, householdId)
    }

    @Test("create, rename, use, households and leave")
    func households() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        let none = await device.run("household")
        #expect(none.exitCode == 1)
        #expect(none.errors.contains("No active household"))
        #expect(await device.run("households").output.contains("No households yet"))

        let created = await device.run("household create 'Reyes Family'", json: true)
        #expect(created.exitCode == 0)
        #expect(keys(created.object).isSuperset(of: Self.householdKeys))
        // `active` only where a list marks the active household.
        #expect(created.object["active"] == nil)
        let members = try #require(created.object["members"] as? [[String: Any]])
        #expect(members.count == 1)
        #expect(keys(members[0]).isSuperset(of: Self.memberKeys))
        #expect(members[0]["role"] as? String == "owner")
        #expect(members[0]["addedAt"] as? String == "2025-01-01T00:00:00Z")

        let human = await device.run("household create Cabin")
        #expect(human.output == "Created Cabin; it is now your active household.\n")
        let renamed = await device.run("household rename 'Lake Cabin'")
        #expect(renamed.output == "Renamed the household to Lake Cabin.\n")

        let list = await device.run("households", json: true).array
        #expect(list.map { $0["name"] as? String } == ["Reyes Family", "Lake Cabin"])
        #expect(list.map { $0["active"] as? Bool } == [false, true])
        #expect(list.allSatisfy { keys($0).isSuperset(of: Self.householdKeys) })
        let listed = await device.run("households")
        #expect(listed.output.contains("›  Lake Cabin"))

        let use = await device.run("household use 'reyes family'")
        #expect(use.output == "Now using Reyes Family.\n")
        #expect(await device.run("household", json: true).object["name"] as? String == "Reyes Family")
        let table = await device.run("household")
        #expect(table.output.hasPrefix("Reyes Family · 1 member of 8\n"))
        #expect(table.output.contains("D  Dana Reyes  independent  owner"))

        let ownerLeaves = await device.run("household leave 'Reyes Family'")
        #expect(ownerLeaves.exitCode == 1)
        #expect(ownerLeaves.errors == "error: The owner of Reyes Family cannot leave it\n")
        let unknown = await device.run("household use Nowhere")
        #expect(unknown.errors == "error: No household named Nowhere\n")
        #expect(await device.run("household use").exitCode == 2)
        #expect(await device.run("household frobnicate").exitCode == 2)
    }

    @Test("a member leaves a household")
    func leave() async throws {
        let (device, _) = try await Self.family()
        await device.run("accounts switch sam@example.com")
        let left = await device.run("household leave 'Reyes Family'")
        #expect(left.exitCode == 0)
        #expect(left.output == "You left Reyes Family.\n")
        #expect(await device.run("households", json: true).array.isEmpty)
    }

    @Test("member add and remove, with confirmation before anything changes")
    func members() async throws {
        let (device, _) = try await Self.family()
        let added = await device.run("member add Mia --avatar fox", json: true)
        #expect(added.exitCode == 0)
        #expect(keys(added.object) == ["memberId", "displayName"])
        #expect((added.object["memberId"] as? String)?.hasPrefix("managed_") == true)
        let human = await device.run("member add Leo")
        #expect(human.output.hasPrefix("Added Leo (managed_"))

        let household = await device.run("household")
        #expect(household.output.contains("M  Mia         managed      member  Dana Reyes"))

        let refused = await device.run("member remove Mia")
        #expect(refused.exitCode == 1)
        #expect(refused.errors == "error: This needs confirmation: run it again with --yes.\n")
        let declined = ScriptedInteraction(answers: ["no"])
        #expect(await device.run("member remove Mia", interaction: declined).exitCode == 1)
        #expect(declined.questions == ["Remove Mia from Reyes Family? [y/N] "])
        #expect(await device.run("household", json: true).object["members"].map { ($0 as? [Any])?.count } == 4)

        let yes = ScriptedInteraction(answers: ["y"])
        let removed = await device.run("member remove mia", interaction: yes)
        #expect(removed.exitCode == 0)
        #expect(removed.output == "Removed Mia.\n")
        let removedJSON = await device.run("member remove Leo", json: true, yes: true)
        #expect(keys(removedJSON.object) == ["memberId", "displayName"])
        #expect(await device.run("household", json: true).object["members"].map { ($0 as? [Any])?.count } == 2)

        let unknown = await device.run("member remove Zed", yes: true)
        #expect(unknown.errors == "error: No member named Zed\n")
        #expect(await device.run("member").exitCode == 2)
    }

    @Test("guardian add and remove, never the last guardian")
    func guardians() async throws {
        let (device, _) = try await Self.family()
        await device.run("member add Mia")
        let add = await device.run("member guardian add Mia sam@example.com", json: true)
        #expect(add.exitCode == 0)
        #expect(keys(add.object).isSuperset(of: Self.memberKeys))
        #expect((add.object["guardianAccountIds"] as? [String])?.count == 2)

        let remove = await device.run("member guardian remove Mia dana@example.com")
        #expect(remove.output == "dana@example.com no longer guards Mia.\n")
        await device.run("accounts switch sam@example.com")
        let last = await device.run("member guardian remove Mia sam@example.com")
        #expect(last.exitCode == 1)
        #expect(last.errors == "error: Mia needs at least one guardian\n")

        let leave = await device.run("household leave 'Reyes Family'")
        #expect(leave.exitCode == 1)
        #expect(leave.errors == "error: Mia has no other guardian. Add another guardian or remove Mia first.\n")
        let readd = await device.run("member guardian add Mia dana@example.com")
        #expect(readd.output == "dana@example.com now guards Mia.\n")
    }
}
