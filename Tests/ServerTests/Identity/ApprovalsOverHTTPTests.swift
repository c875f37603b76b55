import Accounts
import Foundation
import Households
import IdentityHTTP
import Testing

/// Ask to approve, maturity and age over HTTP: `HTTPIdentityService` (what `kith --remote` runs) against the real
/// router, every exchange checked against `openapi.json`, and the routes' own answers.
@Suite("Approvals, maturity and age over HTTP")
struct ApprovalsOverHTTPTests {
    @Test func maxAsksAndDanaApprovesThroughTheClient() async throws {
        let server = try TestServer()
        let folder = server.directory.path
        try await server.withCheckedJSONClient { _, json, _ in
            let (identity, device, _) = remoteDevice(json, path: folder + "/remote.json")
            _ = try await device.signUp(
                SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Reyes", password: "correct horse"))
            let dana = try #require(try await device.currentPrincipal())
            _ = try await identity.createHousehold(dana, name: "Reyes")
            let max = try await identity.addManagedMember(dana, displayName: "Max", avatarKey: "")
            #expect(
                try await identity.setMaturity(dana, member: "Max", rating: .thirteenPlus).maturity == .thirteenPlus)
            let aged = try await identity.setAgeRange(dana, member: "max", lower: 9, upper: 12)
            #expect(aged.ageRange == (try AgeRange(lower: 9, upper: 12, method: .guardian)))
            #expect(try await identity.activeHousehold(dana)?.member(max.memberId)?.maturity == .thirteenPlus)
            await #expect(throws: IdentityError.invalidAgeRange) {
                _ = try await identity.setAgeRange(dana, member: "Max", lower: 12, upper: 9)
            }
            _ = try await identity.setExitPin(dana, member: "Max", password: "correct horse", pin: "2468")

            var asMax = dana
            asMax.actingAs = ActingAs(memberId: max.memberId, displayName: "Max")
            let asked = try await identity.ask(
                asMax, try ApprovalAsk(title: "Minecraft", price: "6.99", currency: "EUR", rating: .thirteenPlus))
            #expect(!asked.renewed && asked.request.state == .pending && asked.request.price == "6.99")
            #expect(try await identity.ask(asMax, try ApprovalAsk(title: "minecraft")).renewed)
            #expect(try await identity.requests(asMax).map(\.id) == [asked.request.id])
            await #expect(throws: IdentityError.askNeedsActing) {
                _ = try await identity.ask(dana, try ApprovalAsk(title: "Minecraft"))
            }
            #expect(try await identity.approvals(dana).map(\.id) == [asked.request.id])
            // In person: a wrong PIN is refused (and counted by the server), the right one approves.
            await #expect(throws: IdentityError.wrongPin) {
                _ = try await identity.approve(asMax, request: asked.request.id, note: nil, pin: "1111")
            }
            await #expect(throws: IdentityError.approvalNeedsPin("Max")) {
                _ = try await identity.approve(asMax, request: asked.request.id, note: nil, pin: nil)
            }
            let approved = try await identity.approve(asMax, request: "Minecraft", note: "Enjoy", pin: "2468")
            #expect(approved.state == .approved && approved.decision?.inPerson == true)
            await #expect(throws: IdentityError.alreadyApproved("Dana Reyes")) {
                _ = try await identity.decline(dana, request: asked.request.id, note: nil)
            }
            #expect(try await identity.approvals(dana).isEmpty)
            #expect(try await identity.requests(asMax).first?.decision?.note == "Enjoy")
            let me = try await identity.setOwnAgeRange(dana, lower: 30, upper: 39)
            #expect(me.ageRange?.method == .selfDeclared && me.maturity == .eighteenPlus)
        }
    }

    @Test func theRoutesAnswerWithTheirStatusesAndCodes() async throws {
        let server = try TestServer()
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            #expect(
                try await client.send(.post, "/api/households", token: dana.token, body: #"{"name":"Lees"}"#).status
                    == .created)
            let added = try await client.send(
                .post, "/api/members", token: dana.token, body: #"{"displayName":"Max"}"#)
            let max = try #require(try added.object()["memberId"] as? String)
            #expect(try added.object()["maturity"] as? String == "all-ages")

            let rated = try await client.send(
                .put, "/api/members/Max/maturity", token: dana.token, body: #"{"rating":"13+"}"#)
            #expect(rated.status == .ok, "\(rated.text)")
            #expect(try rated.object()["maturity"] as? String == "13+")
            let badRating = try await client.send(
                .put, "/api/members/Max/maturity", token: dana.token, body: #"{"rating":"12+"}"#)
            #expect(badRating.status == .badRequest)
            #expect(try badRating.error().code == "identity.invalid_maturity_rating")
            let aged = try await client.send(
                .put, "/api/members/Max/age-range", token: dana.token, body: #"{"lower":9,"upper":12}"#)
            #expect(aged.status == .ok, "\(aged.text)")
            let badAge = try await client.send(
                .put, "/api/members/Max/age-range", token: dana.token, body: #"{"lower":9,"upper":121}"#)
            #expect(badAge.status == .badRequest)
            #expect(try badAge.error().code == "identity.invalid_age_range")
            // Setting them is the account's: not while acting.
            let acting = try await client.send(
                .put, "/api/members/Max/maturity", token: dana.token, actingAs: max, body: #"{"rating":"18+"}"#)
            #expect(acting.status == .forbidden)
            #expect(try acting.error().code == "identity.not_while_acting")

            // /api/me while acting shows Max's ceiling and age; as Dana herself, hers.
            let meActing = try await client.send(.get, "/api/me", token: dana.token, actingAs: max).object()
            #expect(meActing["maturity"] as? String == "13+")
            #expect((meActing["ageRange"] as? [String: Any])?["upper"] as? Int == 12)
            let me = try await client.send(.get, "/api/me", token: dana.token).object()
            #expect(me["maturity"] as? String == "18+")
            #expect(me["ageRange"] is NSNull)

            // Asking needs acting; a new request is 201, the same again 200 and renewed. A price may be a number.
            let notActing = try await client.send(
                .post, "/api/approvals", token: dana.token, body: #"{"title":"Minecraft"}"#)
            #expect(notActing.status == .forbidden)
            #expect(try notActing.error().code == "identity.ask_needs_acting")
            let created = try await client.send(
                .post, "/api/approvals", token: dana.token, actingAs: max,
                body: #"{"kind":"purchase","title":"Minecraft","price":6.99,"currency":"EUR","rating":"13+"}"#)
            #expect(created.status == .created, "\(created.text)")
            let request = try created.object()
            #expect(request["price"] as? String == "6.99" && request["renewed"] as? Bool == false)
            let id = try #require(request["requestId"] as? String)
            let renewed = try await client.send(
                .post, "/api/approvals", token: dana.token, actingAs: max, body: #"{"title":"Minecraft"}"#)
            #expect(renewed.status == .ok)
            #expect(try renewed.object()["renewed"] as? Bool == true)
            let badPrice = try await client.send(
                .post, "/api/approvals", token: dana.token, actingAs: max,
                body: #"{"title":"Game","price":"1,5","currency":"EUR"}"#)
            #expect(badPrice.status == .badRequest)
            #expect(try badPrice.error().code == "identity.invalid_price")

            let waiting = try await client.send(.get, "/api/approvals", token: dana.token).array()
            #expect(waiting.map { $0["requestId"] as? String } == [id])
            let mine = try await client.send(.get, "/api/approvals", token: dana.token, actingAs: max).array()
            #expect(mine.map { $0["state"] as? String } == ["pending"])

            let declined = try await client.send(
                .post, "/api/approvals/\(id)/decline", token: dana.token, body: #"{"note":"Not now"}"#)
            #expect(declined.status == .ok)
            #expect(try declined.object()["state"] as? String == "declined")
            let again = try await client.send(.post, "/api/approvals/\(id)/approve", token: dana.token, body: "{}")
            #expect(again.status == .conflict)
            #expect(try again.error().code == "identity.already_declined")
            #expect(try again.error().message == "Already declined by Dana Reyes.")
            let unknown = try await client.send(.post, "/api/approvals/nothing/approve", token: dana.token, body: "{}")
            #expect(unknown.status == .notFound)

            let own = try await client.send(
                .put, "/api/me/age-range", token: dana.token, body: #"{"lower":30,"upper":39}"#)
            #expect(own.status == .ok)
            #expect((try own.object()["ageRange"] as? [String: Any])?["method"] as? String == "self")
        }
    }
}
