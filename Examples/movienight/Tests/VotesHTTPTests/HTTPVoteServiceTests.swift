import Accounts
import Foundation
import IdentityWire
import Networking
import NetworkingTesting
import Testing
import Votes
import VotesHTTP
import VotesWire

/// `HTTPVoteService` against a stub server: paths, headers, bodies, JSON and errors.
@Suite("HTTPVoteService")
struct HTTPVoteServiceTests {
    let stub = StubHTTPClient()
    let principal = Principal(accountId: "a1", sessionId: "s1")

    func service() -> HTTPVoteService {
        HTTPVoteService(client: JSONClient(client: stub, baseURL: URL(string: "http://127.0.0.1:8080")!)) {
            $0.accountId == "a1" ? "t1" : "other"
        }
    }

    static let tally =
        #"{"title":"Dune","up":1,"down":0,"ratingCount":1,"ratingTotal":4,"averageRating":4,"voted":1,"members":3,"myVote":"up","myRating":4}"#

    static func result(member: String, acting: String? = nil) -> String {
        let actingAs = acting.map { #","actingAs":{"memberId":"\#(member)","displayName":"\#($0)"}"# } ?? ""
        return
            #"{"ballot":{"householdId":"h1","memberId":"\#(member)","title":"Dune","vote":"up","rating":4,"votedAt":"2025-01-01T00:00:00Z","updatedAt":"2025-01-01T00:01:00Z"},"tally":\#(tally)\#(actingAs)}"#
    }

    @Test func votesWithTheBearerAndTheBody() async throws {
        stub.on(.post, "/api/votes", json: Self.result(member: "a1"))
        let result = try await service().vote(principal, title: "  Dune ", .up)
        let request = try #require(stub.requests.last)
        #expect(request.method == .post)
        #expect(request.headers["Authorization"] == "Bearer t1")
        #expect(request.headers["X-Acting-As-Member"] == nil)
        // The title goes trimmed, as the rules read it.
        #expect(String(decoding: try #require(request.body), as: UTF8.self) == #"{"title":"Dune","vote":"up"}"#)
        #expect(result.actingAs == nil)
        #expect(result.ballot.memberId == "a1" && result.ballot.titleKey == "dune" && result.ballot.rating == 4)
        #expect(result.ballot.updatedAt == Date(timeIntervalSince1970: 1_735_689_660))
        #expect(
            result.tally
                == TitleTally(
                    title: "Dune", up: 1, ratingCount: 1, ratingTotal: 4, voted: 1, members: 3, myVote: .up,
                    myRating: 4))
    }

    @Test func whileActingTheMemberIsNamedInTheHeaderAndTheAnswer() async throws {
        var acting = principal
        acting.actingAs = ActingAs(memberId: "managed_1", displayName: "Max")
        stub.on(.post, "/api/votes/rating", json: Self.result(member: "managed_1", acting: "Max"))
        let result = try await service().rate(acting, title: "Dune", rating: 4)
        let request = try #require(stub.requests.last)
        #expect(request.headers["X-Acting-As-Member"] == "managed_1")
        #expect(String(decoding: try #require(request.body), as: UTF8.self) == #"{"rating":4,"title":"Dune"}"#)
        #expect(result.actingAs == ActingAs(memberId: "managed_1", displayName: "Max"))
        #expect(result.ballot.memberId == "managed_1")
    }

    @Test func listsAllTitlesOrOneByQuery() async throws {
        let body =
            #"{"householdId":"h1","householdName":"Reyes","memberId":"a1","members":3,"titles":[\#(Self.tally)]}"#
        stub.on(.get, "/api/votes", json: body)
        let all = try await service().votes(principal, title: nil)
        #expect(stub.requests.last?.url.query == nil)
        #expect(all.householdName == "Reyes" && all.members == 3 && all.actingAs == nil)
        #expect(all.titles.map(\.progress) == ["1 of 3 voted"])
        _ = try await service().votes(principal, title: " The Iron Giant ")
        #expect(stub.requests.last?.url.query == "title=The%20Iron%20Giant")
    }

    @Test func rulesRefuseBeforeTheNetwork() async throws {
        await #expect(throws: VotesError.emptyTitle) { _ = try await service().vote(principal, title: " ", .up) }
        await #expect(throws: VotesError.invalidRating) {
            _ = try await service().rate(principal, title: "Dune", rating: 6)
        }
        await #expect(throws: VotesError.titleTooLong) {
            _ = try await service().votes(principal, title: String(repeating: "x", count: 101))
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func refusalsReadAsTheirCases() async throws {
        stub.on(
            .post, "/api/votes", status: 403,
            json: #"{"error":"forbidden","message":"That profile is not available to act as"}"#)
        await #expect(throws: VotesError.notAvailable) { _ = try await service().vote(principal, title: "Dune", .up) }
        stub.on(.get, "/api/votes", status: 404, json: #"{"error":"votes.no_active_household","message":"reworded"}"#)
        await #expect(throws: VotesError.noActiveHousehold) { _ = try await service().votes(principal, title: nil) }
        stub.on(.get, "/api/votes", status: 401, json: #"{"error":"unauthorized","message":"Sign in first"}"#)
        await #expect(throws: IdentityError.notSignedIn) { _ = try await service().votes(principal, title: nil) }
    }

    @Test("every error case goes over the wire and comes back as itself")
    func wireRoundTrip() throws {
        let cases: [VotesError] = [
            .notAvailable, .noActiveHousehold, .emptyTitle, .titleTooLong, .titleControlCharacter, .invalidRating,
        ]
        #expect(Set(cases.map(\.wire.code)).count == cases.count)
        for error in cases {
            let body = error.body
            #expect(body.message == error.description)
            #expect(VotesError(wireCode: body.error, details: body.details ?? .none) == error)
        }
        #expect(VotesError.titleTooLong.wire.details?.maxLength == VoteRules.titleMaxLength)
        #expect(VotesError(wireCode: "votes.unknown", details: .none) == nil)
    }

    @Test("the routes are the feature's three, each once")
    func routes() {
        #expect(
            VotesRoute.routes.map(\.description) == ["GET /api/votes", "POST /api/votes", "POST /api/votes/rating"])
        #expect(VotesRoute.query(title: nil) == "")
        #expect(VotesRoute.query(title: "Amélie") == "?title=Am%C3%A9lie")
    }
}
