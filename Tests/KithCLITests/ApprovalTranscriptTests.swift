import Foundation
import Testing

@testable import KithCLI

/// The story of issue 42 through `kith` itself, as a script on one file: Dana adds Max, sets his rating and age, acts
/// as him, asks for Minecraft, leaves with the PIN, sees the request and approves it.
@Suite("Transcript: Max asks, Dana approves")
struct ApprovalTranscriptTests {
    let folder = NSTemporaryDirectory() + "kith-approvals-" + UUID().uuidString
    var database: String { folder + "/kith.sqlite" }
    var kith: InProcessKith {
        InProcessKith(home: folder, environment: ["KITH_PASSWORD": "correct horse battery", "KITH_PIN": "2468"])
    }

    /// Every line's JSON value, in order.
    func values(_ run: InProcessKith.Run) throws -> [Any] {
        try run.output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
    }

    @Test func danaApprovesMaxsMinecraft() async throws {
        let script = """
            signup dana@example.com --first Dana --last Reyes
            household create Reyes
            member add Max
            member rating Max 13+
            member age Max 9-12
            member pin set Max
            switch Max
            whoami
            ask Minecraft --price 6.99 --currency EUR
            requests
            switch me
            approvals
            approve Minecraft --note 'Have fun'
            household
            """
        let run = await kith.run(["--db", database, "--json"], input: script + "\n")
        #expect(run.status == 0, "\(run.errors)")
        let values = try values(run)
        try #require(values.count == 14)
        let rated = try #require(values[3] as? [String: Any])
        #expect(rated["maturity"] as? String == "13+")
        let aged = try #require(values[4] as? [String: Any])
        let range = try #require(aged["ageRange"] as? [String: Any])
        #expect(range["lower"] as? Int == 9 && range["upper"] as? Int == 12 && range["method"] as? String == "guardian")
        // whoami while acting: Max's ceiling and age, as apps read them.
        let whoami = try #require(values[7] as? [String: Any])
        #expect((whoami["actingAs"] as? [String: Any])?["displayName"] as? String == "Max")
        #expect(whoami["maturity"] as? String == "13+")
        #expect((whoami["ageRange"] as? [String: Any])?["lower"] as? Int == 9)
        let asked = try #require(values[8] as? [String: Any])
        #expect(asked["title"] as? String == "Minecraft" && asked["price"] as? String == "6.99")
        #expect(asked["currency"] as? String == "EUR" && asked["state"] as? String == "pending")
        #expect(asked["renewed"] as? Bool == false)
        let requestId = try #require(asked["requestId"] as? String)
        let requests = try #require(values[9] as? [[String: Any]])
        #expect(requests.map { $0["requestId"] as? String } == [requestId])
        let approvals = try #require(values[11] as? [[String: Any]])
        #expect(approvals.map { $0["requestId"] as? String } == [requestId])
        #expect(approvals.first?["memberName"] as? String == "Max")
        let approved = try #require(values[12] as? [String: Any])
        #expect(approved["state"] as? String == "approved")
        let decision = try #require(approved["decision"] as? [String: Any])
        #expect(decision["byName"] as? String == "Dana Reyes" && decision["note"] as? String == "Have fun")
        let household = try #require(values[13] as? [String: Any])
        let members = try #require(household["members"] as? [[String: Any]])
        let max = try #require(members.first { $0["displayName"] as? String == "Max" })
        #expect(max["maturity"] as? String == "13+")
        #expect((max["ageRange"] as? [String: Any])?["upper"] as? Int == 12)

        // Answered once: a second answer says by whom. A refusal exits 1.
        let again = await kith.run(["--db", database, "approve", requestId])
        #expect(again.status == 1)
        #expect(again.errors == "error: Already approved by Dana Reyes.\n")
        // Bad values are usage errors (exit 2) with the rule's sentence, and change nothing.
        let badRating = await kith.run(["--db", database, "member", "rating", "Max", "12+"])
        #expect(badRating.status == 2)
        #expect(badRating.errors == "error: Please choose a maturity rating: all-ages, 7+, 13+, 16+ or 18+\n")
        let badAge = await kith.run(["--db", database, "member", "age", "Max", "12-9"])
        #expect(badAge.status == 2)
        #expect(badAge.errors.hasPrefix("error: Please enter an age range as LOW-HIGH"))
        // `ask` is the member's: as Dana herself it is refused (exit 1).
        let notActing = await kith.run(["--db", database, "ask", "Another"])
        #expect(notActing.status == 1)
        #expect(notActing.errors == "error: Only while viewing as a family member: use `switch MEMBER` first.\n")
        // Dana declares her own age; `requests` as herself is Circles' inbox.
        let age = await kith.run(["--db", database, "--json", "age", "30-39"])
        #expect(age.status == 0)
        let me = try #require(try JSONSerialization.jsonObject(with: Data(age.output.utf8)) as? [String: Any])
        #expect((me["ageRange"] as? [String: Any])?["method"] as? String == "self")
        #expect(me["maturity"] as? String == "18+")
        let inbox = await kith.run(["--db", database, "--json", "requests"])
        #expect(inbox.status == 0 && inbox.output == "[]\n")
    }

    @Test func theRequestsLineReadsInATerminal() async throws {
        let script = """
            signup dana@example.com --first Dana --last Reyes
            household create Reyes
            member add Max
            switch Max
            ask Minecraft --price 6.99 --currency EUR --rating 13+
            ask minecraft --price 6.99 --currency EUR
            requests
            switch me
            approvals
            """
        let run = await kith.run(["--db", database], input: script + "\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Asked your guardians: Minecraft.\n"))
        #expect(run.output.contains("Asked your guardians again: Minecraft. It waits another 24 hours.\n"))
        #expect(run.output.contains("pending  Minecraft  purchase  6.99 EUR"))
        #expect(run.output.contains("Answer with `approve ID` or `decline ID`"))
    }
}
