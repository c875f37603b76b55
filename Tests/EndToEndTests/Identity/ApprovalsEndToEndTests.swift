import Foundation
import Testing

/// Issue 42's story with the built `kith`, on a local file and through `kith --remote` against the built
/// `kith-server`: the same answers and sentences in both modes.
@Suite("Approvals, maturity and age, locally and through kith --remote")
struct ApprovalsEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-approvals-")
    let password = "Pass-\(UUID().uuidString)"

    @Test func maxAsksAndDanaApprovesInBothModes() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        for (index, mode) in [nil, server].enumerated() {
            let kith = KithInMode(server: mode, database: folder + "/approvals-\(index).sqlite", password: password)
            _ = try await kith.object("signup", "dana@example.com", "--first", "Dana", "--last", "Reyes")
            _ = try await kith.object("household", "create", "Reyes")
            let max = try #require(try await kith.object("member", "add", "Max")["memberId"] as? String)
            #expect(try await kith.object("member", "rating", "Max", "13+")["maturity"] as? String == "13+")
            let aged = try await kith.object("member", "age", "Max", "9-12")
            #expect((aged["ageRange"] as? [String: Any])?["method"] as? String == "guardian")

            let whoami = try await kith.object("--as", "Max", "whoami")
            #expect((whoami["actingAs"] as? [String: Any])?["memberId"] as? String == max)
            #expect(whoami["maturity"] as? String == "13+")
            #expect((whoami["ageRange"] as? [String: Any])?["lower"] as? Int == 9)

            let asked = try await kith.object(
                "--as", "Max", "ask", "Minecraft", "--price", "6.99", "--currency", "EUR", "--rating", "13+")
            let id = try #require(asked["requestId"] as? String)
            #expect(asked["price"] as? String == "6.99" && asked["state"] as? String == "pending")
            #expect(try await kith.array("--as", "Max", "requests").map { $0["requestId"] as? String } == [id])
            #expect(try await kith.array("approvals").map { $0["requestId"] as? String } == [id])
            let approved = try await kith.object("approve", id, "--note", "Have fun")
            #expect(approved["state"] as? String == "approved")
            #expect((approved["decision"] as? [String: Any])?["byName"] as? String == "Dana Reyes")

            let again = try await kith.run("decline", id)
            #expect(again.status == 1)
            #expect(again.errors == "error: Already approved by Dana Reyes.\n")
            let notActing = try await kith.run("ask", "Another")
            #expect(notActing.status == 1)
            #expect(notActing.errors == "error: Only while viewing as a family member: use `switch MEMBER` first.\n")
            let badRating = try await kith.run("member", "rating", "Max", "12+")
            #expect(badRating.status == 2)
            #expect(badRating.errors == "error: Please choose a maturity rating: all-ages, 7+, 13+, 16+ or 18+\n")

            let household = try await kith.object("household")
            let members = try #require(household["members"] as? [[String: Any]])
            #expect(members.first { $0["memberId"] as? String == max }?["maturity"] as? String == "13+")
            let me = try await kith.object("age", "30-39")
            #expect((me["ageRange"] as? [String: Any])?["method"] as? String == "self")
        }
    }
}
