import Circles
import Console
import Foundation
import Testing

@Suite("view-as, look, requests and grants")
struct ViewingTests {
    @Test("view-as and look agree; deny is —, ask says how to request it")
    func viewAsAndLook() async throws {
        let harness = try await Harness()
        try await harness.world()
        try await harness.setUp("profile edit --username dana_r --bio 'Gardener' --phone '+1 555 0100'")

        let preview = await harness.run("view-as 'Sam Kim'")
        #expect(preview.code == 0)
        #expect(
            preview.out == """
                What Sam Kim sees of Dana Reyes
                  displayName  Dana Reyes
                  username     @dana_r
                  photo        (not set)
                  bio          Gardener
                  email        dana@example.com
                  phone        ask (request it: `request @dana_r phone`)

                """)
        let previewJSON = await harness.run("view-as 'Sam Kim'", json: true)
        #expect(keys(previewJSON.object).isSuperset(of: ["profileId", "fields", "ask", "revealedAs"]))
        #expect(previewJSON.object["revealedAs"] is NSNull)
        #expect(previewJSON.object["ask"] as? [String] == ["phone"])
        let fields = try #require(previewJSON.object["fields"] as? [String: Any])
        #expect(fields.count == 6)
        #expect(fields["phone"] is NSNull)
        #expect(fields["photo"] is NSNull)
        #expect(fields["bio"] as? String == "Gardener")

        let stranger = await harness.run("view-as 'Leo Park'")
        #expect(stranger.out.contains("  bio          Gardener"))
        let unlinked = await harness.run("view-as 'Ana Lima'", json: true)
        #expect(unlinked.object["ask"] as? [String] == ["phone"])

        harness.asSam()
        let look = await harness.run("look dana@example.com", json: true)
        #expect(look.out == previewJSON.out)
        let human = await harness.run("look @dana_r")
        #expect(human.lines[0] == "@dana_r · Dana Reyes")
        #expect(human.out.contains("  phone        ask (request it: `request @dana_r phone`)"))
        let missing = await harness.run("look @nobody")
        #expect(missing.code == 1)
        #expect(missing.err == "error: No profile named @nobody\n")
        #expect(await harness.run("look dana").err == "error: dana is neither an email nor @username\n")
    }

    @Test("request, the owner's inbox, allow, deny, grants and revoke")
    func requestsAndGrants() async throws {
        let harness = try await Harness()
        try await harness.world()
        try await harness.setUp("profile edit --username dana_r --phone '+1 555 0100'")
        try await harness.setUp("access set bio Friends ask", "access set bio Contacts ask", "access save")

        harness.asSam()
        let request = await harness.run("request @dana_r phone --reason 'To call you'", json: true)
        #expect(keys(request.object) == ["requestId"])
        let requestId = try #require(request.object["requestId"] as? String)
        harness.clock.advance(by: 60)
        let second = await harness.run("request dana@example.com bio")
        #expect(second.out.hasPrefix("Asked dana@example.com for bio."))
        let visible = await harness.run("request @dana_r email")
        #expect(visible.code == 1)
        #expect(visible.err == "error: You can already see email\n")
        #expect(await harness.run("request @dana_r shoe").code == 2)
        #expect(await harness.run("requests").out == "No pending requests.\n")

        harness.asDana()
        let inbox = await harness.run("requests", json: true)
        #expect(inbox.array.count == 2)
        let first = try #require(inbox.array.first)
        #expect(
            keys(first).isSuperset(of: [
                "requestId", "from", "profileId", "field", "reason", "createdAt", "expiresAt",
            ]))
        #expect(first["requestId"] as? String == requestId)
        #expect((first["from"] as? [String: Any])?["displayName"] as? String == "Sam Kim")
        #expect((first["from"] as? [String: Any])?["username"] is NSNull)
        #expect(first["field"] as? String == "phone")
        #expect(first["reason"] as? String == "To call you")
        #expect(first["createdAt"] as? String == "2025-01-01T00:00:00Z")
        #expect(first["expiresAt"] as? String == "2025-01-15T00:00:00Z")
        #expect(inbox.array[1]["reason"] is NSNull)
        #expect(inbox.array[1]["createdAt"] as? String == "2025-01-01T00:01:00Z")

        let human = await harness.run("requests")
        #expect(human.lines[0] == "Access requests (2)")
        #expect(human.lines[1].hasPrefix("FROM     IN YOUR CIRCLES    FIELD  OF          REASON         EXPIRES"))
        #expect(
            human.lines[2].hasPrefix(
                "Sam Kim  Contacts, Friends  phone  Dana Reyes  “To call you”  2025-01-15 00:00 UTC"))
        #expect(human.lines.last == "`requests allow ID [--all-fields]` · `requests deny ID`")
        #expect(await harness.run("circle show Friends").out.contains("Pending requests (2)\n  FROM"))

        let allowed = await harness.run("requests allow \(requestId)", json: true)
        #expect(keys(allowed.object).isSuperset(of: ["grantId", "to", "profileId", "field"]))
        #expect(allowed.object["field"] as? String == "phone")
        let bioId = try #require(inbox.array[1]["requestId"] as? String)
        let denied = await harness.run("requests deny \(bioId)")
        #expect(denied.out == "Denied: Sam Kim won't see bio.\n")
        #expect(await harness.run("requests deny \(bioId)").err == "error: No request named \(bioId)\n")

        let grants = await harness.run("grants", json: true)
        #expect(grants.array.count == 1)
        let grant = try #require(grants.array.first)
        #expect(keys(grant).isSuperset(of: ["grantId", "to", "profileId", "field"]))
        #expect((grant["to"] as? [String: Any])?["displayName"] as? String == "Sam Kim")
        let grantsText = await harness.run("grants")
        #expect(grantsText.lines[0] == "Grants (1)")
        #expect(grantsText.lines[2].hasPrefix("Sam Kim  phone  Dana Reyes  2025-01-01 00:01 UTC"))

        harness.asSam()
        #expect(await harness.run("look @dana_r").out.contains("  phone        +1 555 0100"))
        try await harness.setUp("request @dana_r bio")
        harness.asDana()
        let all = try #require(await harness.run("requests", json: true).array.first?["requestId"] as? String)
        let everything = await harness.run("requests allow \(all) --all-fields")
        #expect(everything.out.hasPrefix("Allowed. Sam Kim can see every field now."))
        #expect(await harness.run("grants", json: true).array.contains { $0["field"] is NSNull })

        let grantId = try #require(grant["grantId"] as? String)
        let revoked = await harness.run("grants revoke \(grantId)")
        #expect(revoked.out == "Revoked: Sam Kim no longer gets phone.\n")
        #expect(await harness.run("grants revoke \(grantId)").err == "error: No grant named \(grantId)\n")
        try await harness.setUp("contact remove 'Sam Kim'")
        #expect(await harness.run("grants").out == "No grants: `requests allow ID` gives one.\n")
    }
}
