import Accounts
import Foundation
import Networking
import NetworkingTesting
import Preferences
import PreferencesHTTP
import Testing

/// `HTTPPreferencesService` against a stub server: paths, headers, JSON and errors.
@Suite("HTTPPreferencesService")
struct HTTPPreferencesServiceTests {
    let stub = StubHTTPClient()
    let principal = Principal(accountId: "a1", sessionId: "s1")

    func service() -> HTTPPreferencesService {
        HTTPPreferencesService(client: JSONClient(client: stub, baseURL: URL(string: "http://127.0.0.1:8080")!)) {
            $0.accountId == "a1" ? "t1" : "other"
        }
    }

    static func prefs(_ member: String, theme: String = "system", offset: Int = 0) -> String {
        #"{"memberId":"\#(member)","theme":"\#(theme)","fontSize":"M","fontSizeOffset":\#(offset)}"#
    }

    @Test func readsAndWritesWithTheBearerAndNoActingHeaderForOneself() async throws {
        stub.on(.get, "/api/preferences", json: Self.prefs("a1"))
        let read = try await service().preferences(principal)
        #expect(read == MemberPreferences(memberId: "a1"))
        #expect(stub.requests.last?.headers["Authorization"] == "Bearer t1")
        #expect(stub.requests.last?.headers["X-Acting-As-Member"] == nil)

        stub.on(.put, "/api/preferences/font-size", json: Self.prefs("a1", offset: 4))
        #expect(try await service().setFontSize(principal, .extraLarge).fontSize == .extraLarge)
        let body = try #require(stub.requests.last?.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"fontSize":"XL"}"#)

        stub.on(.post, "/api/preferences/reset", json: Self.prefs("a1"))
        #expect(try await service().reset(principal).theme == .system)
        #expect(stub.requests.last?.method == .post)
    }

    @Test func whileActingTheMemberIsNamedInTheHeader() async throws {
        var acting = principal
        acting.actingAs = ActingAs(memberId: "managed_1", displayName: "Max")
        stub.on(.put, "/api/preferences/theme", json: Self.prefs("managed_1", theme: "dark"))
        let set = try await service().setTheme(acting, .dark)
        #expect(set == MemberPreferences(memberId: "managed_1", theme: .dark))
        #expect(stub.requests.last?.headers["X-Acting-As-Member"] == "managed_1")
        #expect(stub.requests.last?.headers["Authorization"] == "Bearer t1")
    }

    @Test func unknownValuesReadAsTheDefaults() async throws {
        stub.on(.get, "/api/preferences", json: Self.prefs("a1", theme: "sepia", offset: 7))
        #expect(try await service().preferences(principal) == MemberPreferences(memberId: "a1"))
    }

    @Test func refusalsAndConnectionErrorsReadAsTheirSentences() async throws {
        stub.on(
            .get, "/api/preferences", status: 403,
            json: #"{"error":"forbidden","message":"That profile is not available to act as"}"#)
        await #expect(throws: PreferencesError.notAvailable) { _ = try await service().preferences(principal) }
        stub.on(.get, "/api/preferences", status: 401, json: #"{"error":"unauthorized","message":"Sign in first"}"#)
        await #expect(throws: IdentityError.notSignedIn) { _ = try await service().preferences(principal) }
        for (error, sentence) in [
            (NetworkingError(.offline), "Connection error. Please try again."),
            (NetworkingError(.timeout), "Connection timed out"),
        ] {
            stub.on(.get, "/api/preferences") { _ in .failure(error) }
            let thrown = await #expect(throws: NetworkingError.self) { _ = try await service().preferences(principal) }
            #expect(thrown?.description == sentence)
        }
        // A 500's body is never shown: its sentence is the seed's.
        stub.on(.get, "/api/preferences", status: 500, json: #"{"error":"internal","message":"boom"}"#)
        let server = await #expect(throws: NetworkingError.self) { _ = try await service().preferences(principal) }
        #expect(server?.description == "Server error")
    }
}
