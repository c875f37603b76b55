import Accounts
import FamilyCodes
import FamilyCodesHTTP
import Foundation
import Networking
import NetworkingTesting
import Testing

/// `HTTPFamilyCodeService` against a stub server: the seed's paths, headers, JSON and errors.
@Suite("HTTPFamilyCodeService")
struct HTTPFamilyCodeServiceTests {
    let stub = StubHTTPClient()
    let principal = Principal(accountId: "a1", sessionId: "s1")

    func service() -> HTTPFamilyCodeService {
        HTTPFamilyCodeService(client: JSONClient(client: stub, baseURL: URL(string: "http://127.0.0.1:8080")!)) { _ in
            "t1"
        }
    }

    @Test func codeJoinAndMembersUseTheSeedsPathsAndMapTheJSON() async throws {
        stub.on(
            .get, "/api/family/code",
            json:
                #"{"familyId":"h1","code":"FAM-ABC123","familyCode":"FAM-ABC123","generatedAt":"2025-01-01T09:00:00Z"}"#
        )
        let code = try await service().code(principal)
        #expect(code.code == "FAM-ABC123" && code.familyId == "h1")
        #expect(stub.requests.last?.headers["Authorization"] == "Bearer t1")
        #expect(stub.requests.last?.headers["X-Acting-As-Member"] == nil)

        stub.on(
            .post, "/api/family/code/join",
            json: #"{"message":"Successfully joined family","familyId":"h1","name":"Lee Family"}"#)
        #expect(
            try await service().join(principal, code: "fam-abc123") == FamilyJoin(familyId: "h1", name: "Lee Family"))
        let body = try #require(stub.requests.last?.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"familyCode":"fam-abc123"}"#)

        stub.on(
            .get, "/api/family/members",
            json: """
                {"members":[{"memberId":"b1","accountId":"b1","displayName":"Ben Lee","email":"ben@example.com",\
                "kind":"independent","role":"parent","addedAt":"2025-01-01T09:00:00Z"},\
                {"memberId":"managed_1","accountId":null,"displayName":"Max","email":null,"kind":"managed",\
                "role":"member","addedAt":"2025-01-01T09:00:00Z"}]}
                """)
        let members = try await service().members(principal)
        #expect(members.map(\.displayName) == ["Ben Lee", "Max"])
        #expect(members[1].accountId == nil && members[0].role == .parent)

        stub.on(
            .get, "/api/family/log",
            json:
                #"{"log":[{"at":"2025-01-01T09:00:00Z","accountId":"b1","code":"FAM-ZZZZZZ","familyId":null,"result":"not_found"}]}"#
        )
        #expect(try await service().usageLog(principal).first?.result == .notFound)
    }

    @Test func theOverviewMapsBothViews() async throws {
        stub.on(
            .get, "/api/family",
            json:
                #"{"view":"player","familyId":"h1","name":"Lee Family","code":"FAM-ABC123","generatedAt":"2025-01-01T09:00:00Z","members":[],"families":null}"#
        )
        guard case .player(let card) = try await service().overview(principal) else {
            Issue.record("expected the player's card")
            return
        }
        #expect(card.code.code == "FAM-ABC123")
        stub.on(
            .get, "/api/family",
            json:
                #"{"view":"parent","familyId":null,"name":null,"code":null,"generatedAt":null,"members":null,"families":[{"familyId":"h1","name":"Lee Family","code":null,"generatedAt":null,"joinedAt":"2025-01-01T09:00:00Z","active":true}]}"#
        )
        #expect(
            try await service().overview(principal)
                == .parent([
                    JoinedFamily(
                        familyId: "h1", name: "Lee Family", code: nil, codeGeneratedAt: nil,
                        joinedAt: Date(timeIntervalSince1970: 1_735_722_000), isActive: true)
                ]))
    }

    @Test func whileActingTheMemberIsNamedInTheHeader() async throws {
        var acting = principal
        acting.actingAs = ActingAs(memberId: "managed_1", displayName: "Max")
        stub.on(.get, "/api/family/families", json: #"{"families":[]}"#)
        _ = try await service().families(acting)
        #expect(stub.requests.last?.headers["X-Acting-As-Member"] == "managed_1")
    }

    /// The client reads the code and details, never the sentence: every message here is reworded on purpose.
    @Test func refusalsReadAsTheDomainsErrorsByCode() async throws {
        stub.on(
            .post, "/api/family/code/join", status: 404,
            json: #"{"error":"familyCodes.not_found","message":"Reworded: no such code"}"#)
        await #expect(throws: FamilyCodeError.notFound) { _ = try await service().join(principal, code: "FAM-ZZZZZZ") }
        stub.on(
            .post, "/api/family/code/join", status: 400,
            json: #"{"error":"familyCodes.already_member","message":"Reworded: you are in it"}"#)
        await #expect(throws: FamilyCodeError.alreadyMember) {
            _ = try await service().join(principal, code: "FAM-ZZZZZZ")
        }
        stub.on(.post, "/api/family/code/join") { _ in
            .success(
                HTTPResponse(
                    status: 429, headers: ["Retry-After": "299"],
                    body: Data(
                        #"{"error":"familyCodes.rate_limited","message":"Reworded: wait","details":{"waitMinutes":5,"retryAfterSeconds":299}}"#
                            .utf8)))
        }
        await #expect(throws: FamilyCodeError.rateLimited(waitMinutes: 5, retryAfterSeconds: 299)) {
            _ = try await service().join(principal, code: "FAM-ZZZZZZ")
        }
        stub.on(
            .delete, "/api/family/members/Max", status: 409,
            json: #"{"error":"identity.last_guardian","message":"Reworded","details":{"name":"Max"}}"#)
        await #expect(throws: IdentityError.lastGuardian("Max")) {
            _ = try await service().removeMember(principal, "Max")
        }
        stub.on(.get, "/api/family/code", status: 401, json: #"{"error":"unauthorized","message":"Sign in first"}"#)
        await #expect(throws: IdentityError.notSignedIn) { _ = try await service().code(principal) }
        stub.goOffline()
        let offline = await #expect(throws: NetworkingError.self) { _ = try await service().code(principal) }
        #expect(offline?.description == "Connection error. Please try again.")
    }

    /// The format is the domain's rule, checked before anything goes over the network: offline, a malformed code gets
    /// the format sentence, not "Connection error".
    @Test func aMalformedCodeIsRefusedBeforeAnyRequest() async throws {
        stub.goOffline()
        for code in ["fam-12", "", "FAM-ABC12!", "FAM-ABC1234"] {
            await #expect(throws: FamilyCodeError.invalidFormat) { _ = try await service().join(principal, code: code) }
        }
        #expect(stub.requests.isEmpty)
    }

    /// A code no table knows keeps the server's sentence, so a newer server's refusal still reads well.
    @Test func anUnknownCodeKeepsTheServersSentence() async throws {
        stub.on(
            .post, "/api/family/code/join", status: 409,
            json: #"{"error":"familyCodes.some_new_rule","message":"A rule this client does not know"}"#)
        let error = await #expect(throws: NetworkingError.self) {
            _ = try await service().join(principal, code: "FAM-ZZZZZZ")
        }
        #expect(error?.description == "A rule this client does not know")
    }
}
