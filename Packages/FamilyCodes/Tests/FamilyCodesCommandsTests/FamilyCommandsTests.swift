import Console
import FamilyCodes
import Foundation
import Testing

@Suite("family commands (transcripts through Shell)")
struct FamilyCommandsTests {
    static var iso: Regex<Substring> { /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/ }

    @Test("not signed in: every command says so and exits 1")
    func notSignedIn() async throws {
        let harness = try Harness()
        for line in [
            "family", "family code", "family join FAM-AAAAAA", "family members", "family log",
            "family regenerate --yes", "family remove X --yes", "family leave X", "family use X",
        ] {
            let result = await harness.run(line)
            #expect(result.code == 1, "\(line)")
            #expect(result.err == "error: Not signed in. Use `login` or `signup` first.\n", "\(line)")
        }
    }

    @Test("a player's card: code, date, empty state; family code --json")
    func playerCard() async throws {
        let harness = try Harness()
        try await harness.account("Pia", .player, lastName: "Lee")
        let card = await harness.run("family")
        #expect(card.code == 0)
        let lines = card.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Lee Family")
        #expect(lines.contains { $0.hasPrefix("  Family code") && $0.contains("FAM-") })
        #expect(lines.contains("  Created      2025-01-01 00:00 UTC"))
        #expect(lines.last == "No family members yet. Share your code!")

        let json = try #require(try await harness.json("family code") as? [String: Any])
        let code = try #require(json["code"] as? String)
        #expect(code.wholeMatch(of: /^FAM-[A-Z0-9]{6}$/) != nil)
        #expect((json["generatedAt"] as? String) == "2025-01-01T00:00:00Z")
        let familyId = try #require(json["familyId"] as? String)
        #expect(try await harness.identity.activeHousehold(harness.principals.currentPrincipal()!)?.id == familyId)
        #expect(card.out.contains(code))
        #expect(try await harness.json("family members") as? [Any] != nil)
        #expect(await harness.run("family members").out == "No family members yet. Share your code!\n")
        #expect(await harness.run("family log").out == "No join attempts yet.\n")
    }

    @Test("regenerate asks first; refused without --yes, nothing changes")
    func regenerate() async throws {
        let harness = try Harness()
        try await harness.account("Pia", .player)
        let before = try #require(try await harness.json("family code") as? [String: Any])
        let refused = await harness.run("family regenerate")
        #expect(refused.code == 1)
        #expect(refused.err == "error: This needs confirmation: run it again with --yes.\n")
        #expect(refused.out == "")
        let same = try #require(try await harness.json("family code") as? [String: Any])
        #expect(same["code"] as? String == before["code"] as? String)

        harness.clock.advance(by: 90)
        let result = await harness.run("family regenerate --json --yes")
        #expect(result.code == 0)
        let after = try #require(
            try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(after["code"] as? String != before["code"] as? String)
        #expect(after["familyId"] as? String == before["familyId"] as? String)
        #expect(after["generatedAt"] as? String == "2025-01-01T00:01:30Z")
    }

    @Test("the confirmation asks the seed's question")
    func questions() async throws {
        let interaction = ScriptedInteraction(answers: ["n", "y"])
        let harness = try Harness(interaction: interaction)
        try await harness.account("Pia", .player)
        #expect(await harness.run("family regenerate").err == "error: Cancelled: nothing changed.\n")
        #expect(await harness.run("family regenerate").code == 0)
        #expect(
            interaction.questions == [
                "Are you sure? The old code will stop working. [y/N] ",
                "Are you sure? The old code will stop working. [y/N] ",
            ])
    }

    @Test("a parent joins, sees its families, is removed with confirmation")
    func joinAndRemove() async throws {
        let harness = try Harness()
        let pia = try await harness.account("Pia", .player, lastName: "Lee")
        let code = try #require(try await harness.json("family code") as? [String: Any])["code"] as! String
        let pat = try await harness.account("Pat", .parent, lastName: "Ng")

        #expect(
            await harness.run("family").out
                == "No families joined yet.\nJoin a family with `family join CODE`, the code a player shared.\n")
        let bad = await harness.run("family join FAM-AB12C")
        #expect(bad.code == 1 && bad.err == "error: Invalid family code format. Codes look like FAM-XXXXXX\n")
        let missing = await harness.run("family join FAM-000000")
        #expect(missing.err == "error: Family code not found. Please check and try again.\n" && missing.code == 1)
        let joined = await harness.run("family join ' \(code.lowercased())'")
        #expect(joined.code == 0)
        #expect(joined.out == "Successfully joined family\nNow using Lee Family.\n")
        let again = await harness.run("family join \(code) --json")
        #expect(again.err == "error: You are already a member of this family.\n" && again.out == "")

        let families = await harness.run("family")
        #expect(families.out.hasPrefix("My Families (1)\n"))
        #expect(families.out.contains("›  Lee Family  \(code)"))
        let overview = try #require(try await harness.json("family") as? [String: Any])
        #expect(overview["view"] as? String == "parent")
        let listed = try #require((overview["families"] as? [[String: Any]])?.first)
        #expect(listed["code"] as? String == code && listed["active"] as? Bool == true)

        // The player's side.
        harness.principals.set(pia)
        let members = try #require(try await harness.json("family members") as? [[String: Any]])
        #expect(members.count == 1)
        let member = members[0]
        #expect(member["accountId"] as? String == pat.accountId && member["memberId"] as? String == pat.accountId)
        #expect(member["displayName"] as? String == "Pat Ng" && member["email"] as? String == "pat@example.com")
        #expect(member["role"] as? String == "parent")
        #expect((member["addedAt"] as? String)?.wholeMatch(of: Self.iso) != nil)
        let card = await harness.run("family")
        #expect(card.out.contains("Family Members (1)"))
        #expect(card.out.contains("Pat Ng  Parent  2025-01-01 00:00 UTC  pat@example.com"))

        let log = try #require(try await harness.json("family log") as? [[String: Any]])
        #expect(log.map { $0["result"] as? String } == ["already_member", "joined"])
        #expect(Set(log[0].keys) == ["at", "accountId", "code", "familyId", "result"])
        #expect(log[0]["accountId"] as? String == pat.accountId && log[0]["code"] as? String == code)

        let refused = await harness.run("family remove 'Pat Ng'")
        #expect(refused.code == 1 && refused.err == "error: This needs confirmation: run it again with --yes.\n")
        #expect(try await harness.service.members(pia).count == 1)
        let removed = await harness.run("family remove 'pat ng' --yes")
        #expect(removed.code == 0 && removed.out == "Removed Pat Ng from your family.\n")
        #expect(try await harness.service.members(pia).isEmpty)
        #expect(await harness.run("family remove Nobody --yes").err == "error: No member named Nobody\n")
    }

    @Test("remove asks \"Remove NAME from family?\"")
    func removeQuestion() async throws {
        let interaction = ScriptedInteraction(answers: ["yes"])
        let harness = try Harness(interaction: interaction)
        let pia = try await harness.account("Pia", .player)
        let code = try await harness.service.code(pia).code
        let pat = try await harness.account("Pat", .parent)
        _ = try await harness.service.join(pat, code: code)
        harness.principals.set(pia)
        #expect(await harness.run("family remove 'Pat Tester'").code == 0)
        #expect(interaction.questions == ["Remove Pat Tester from family? [y/N] "])
    }

    @Test("leave and use; roles refused with their sentences; usage errors exit 2")
    func leaveUseRoles() async throws {
        let harness = try Harness()
        let ann = try await harness.account("Ann", .player, lastName: "Ash")
        let annCode = try await harness.service.code(ann).code
        let bo = try await harness.account("Bo", .player, lastName: "Birch")
        let boCode = try await harness.service.code(bo).code
        #expect(await harness.run("family join \(annCode)").err == "error: Only parents can join a family\n")
        #expect(await harness.run("family leave 'Ash Family'").err == "error: Only parents can leave a family\n")
        let pat = try await harness.account("Pat", .parent)
        #expect(await harness.run("family code").err == "error: Only players can manage a family code\n")
        #expect(await harness.run("family regenerate --yes").err == "error: Only players can manage a family code\n")
        _ = try await harness.service.join(pat, code: annCode)
        harness.clock.advance(by: 60)
        let joined = try #require(try await harness.json("family join \(boCode)") as? [String: Any])
        #expect(joined["name"] as? String == "Birch Family" && joined["familyId"] as? String != nil)

        let use = await harness.run("family use 'ash family'")
        #expect(use.code == 0 && use.out == "Now using Ash Family.\n")
        #expect(try await harness.identity.activeHousehold(pat)?.name == "Ash Family")
        let left = await harness.run("family leave 'Ash Family'")
        #expect(left.code == 0 && left.out == "Left Ash Family.\n")
        #expect(try await harness.identity.activeHousehold(pat)?.name == "Birch Family")
        #expect(await harness.run("family leave Nowhere").err == "error: No family named Nowhere\n")

        #expect(await harness.run("family join").code == 2)
        #expect(await harness.run("family join A B").code == 2)
        #expect(await harness.run("family frobnicate").code == 2)
    }

    @Test("rate limited joins print the wait")
    func rateLimited() async throws {
        let harness = try Harness()
        let pia = try await harness.account("Pia", .player)
        let code = try await harness.service.code(pia).code
        try await harness.account("Pat", .parent)
        for _ in 0..<5 { #expect(await harness.run("family join FAM-000000").code == 1) }
        harness.clock.advance(by: 61)
        let refused = await harness.run("family join \(code)")
        #expect(refused.code == 1)
        #expect(refused.err == "error: Too many attempts. Please wait 5 minutes. Try again in 3m 59s.\n")
    }
}
