import Foundation
import Networking
import PostgresStorageTesting
import Testing

/// Two built `kith-server`s on one PostgreSQL database, with requests fired at both at once: every rule that reads
/// then writes holds across servers exactly as it does in one process on SQLite.
@Suite("Two kith-servers on one PostgreSQL database")
struct TwoServersTests {
    /// Two servers on a fresh schema; `body` gets their base URLs.
    static func withTwoServers(_ body: (String, String) async throws -> Void) async throws {
        try await withTwoServers(on: try await TestPostgres.freshSchemaURL()) { a, b in try await body(a.url, b.url) }
    }

    /// Two servers on the PostgreSQL database `url`; `body` gets their processes (to kill one, say).
    static func withTwoServers(
        on url: String, _ body: (KithServerProcess, KithServerProcess) async throws -> Void
    ) async throws {
        let folder = NSTemporaryDirectory() + "kith-two-servers-" + UUID().uuidString
        for server in ["/a", "/b"] {
            try FileManager.default.createDirectory(atPath: folder + server, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Started together: the migrations run once, under the advisory lock.
        async let first = KithServerProcess.start(in: folder + "/a", databaseURL: url)
        async let second = KithServerProcess.start(in: folder + "/b", databaseURL: url)
        let (a, b) = try await (first, second)
        defer {
            a.stop()
            b.stop()
        }
        try await body(a, b)
    }

    /// One JSON request (over `client`'s connection when given); the status and the decoded object (empty when the
    /// body is not an object).
    static func call(
        _ base: String, _ method: HTTPMethod, _ path: String, token: String? = nil, body: String? = nil,
        client: CurlHTTPClient = CurlHTTPClient()
    ) async throws -> (status: Int, json: [String: Any]) {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = try await client.send(
            HTTPRequest(
                method: method, url: URL(string: base + path)!, headers: headers, body: body.map { Data($0.utf8) }))
        let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        return (response.status, json)
    }

    static func signUp(_ base: String, _ email: String, role: String) async throws -> String {
        let answer = try await call(
            base, .post, "/api/auth/signup",
            body:
                #"{"email":"\#(email)","firstName":"Pat","lastName":"Lee","password":"correct horse","role":"\#(role)"}"#
        )
        #expect(answer.status == 201, "\(answer.json)")
        return answer.json["token"] as? String ?? ""
    }

    /// Signs up `<prefix>0@example.com`, `<prefix>1@example.com`... alternately on `a` and `b`; their tokens.
    static func signUp(
        _ count: Int, _ prefix: String, role: String, alternatelyOn a: String, _ b: String
    ) async throws -> [String] {
        var tokens: [String] = []
        for index in 0..<count {
            tokens.append(try await signUp(index % 2 == 0 ? a : b, "\(prefix)\(index)@example.com", role: role))
        }
        return tokens
    }

    /// An owner with the viewer among her contacts, the owner signed up on `a` and the viewer on `b`: their tokens.
    static func ownerWithViewer(_ a: String, _ b: String) async throws -> (owner: String, viewer: String) {
        let owner = try await signUp(a, "owner@example.com", role: "member")
        let viewer = try await signUp(b, "viewer@example.com", role: "member")
        let added = try await call(
            a, .post, "/api/contacts", token: owner,
            body: #"{"displayName":"Vi Ewer","accountEmail":"viewer@example.com"}"#)
        #expect(added.status == 201, "\(added.json)")
        return (owner, viewer)
    }

    @Test func tenParentsRaceForThreePlaces() async throws {
        try await Self.withTwoServers { a, b in
            let player = try await Self.signUp(a, "pia@example.com", role: "player")
            let code = try await Self.call(a, .post, "/api/family/create", token: player).json["familyCode"] as? String
            for name in ["Ann", "Bo", "Cy", "Di"] {
                let added = try await Self.call(
                    b, .post, "/api/members", token: player, body: #"{"displayName":"\#(name)"}"#)
                #expect(added.status == 201)
            }
            let parents = try await Self.signUp(10, "parent", role: "parent", alternatelyOn: a, b)
            let answers = try await Self.join(parents, code ?? "", alternatelyOn: a, b)
            #expect(answers.filter { $0.status == 200 }.count == 3, "\(answers)")
            let full = answers.filter { $0.message == "This household is full (8 members)" }
            #expect(full.count == 7, "\(answers)")
            let members = try await Self.call(b, .get, "/api/family/members", token: player)
            #expect((members.json["members"] as? [Any])?.count == 7)
        }
    }

    @Test func aCodeWithTwoUsesAdmitsExactlyTwoOfSixParentsAcrossBothServers() async throws {
        try await Self.withTwoServers { a, b in
            let player = try await Self.signUp(a, "pia@example.com", role: "player")
            #expect(try await Self.call(a, .post, "/api/family/create", token: player).status < 300)
            let made = try await Self.call(
                b, .post, "/api/family/code/regenerate", token: player, body: #"{"maxUses":2,"expiresInSeconds":3600}"#)
            #expect(made.status == 200, "\(made.json)")
            #expect(made.json["usesLeft"] as? Int == 2)
            let code = try #require(made.json["code"] as? String)
            let parents = try await Self.signUp(6, "parent", role: "parent", alternatelyOn: a, b)
            let answers = try await Self.join(parents, code, alternatelyOn: a, b)
            #expect(answers.filter { $0.status == 200 }.count == 2, "\(answers)")
            let expired = answers.filter { $0.message == "This family code has expired. Ask the player for a new one." }
            #expect(expired.count == 4, "\(answers)")
            let shown = try await Self.call(a, .get, "/api/family/code", token: player)
            #expect(shown.json["usesLeft"] as? Int == 0, "\(shown.json)")
            // The family's members besides the player: the two who got in.
            let members = try await Self.call(b, .get, "/api/family/members", token: player)
            #expect((members.json["members"] as? [Any])?.count == 2, "\(members.json)")
        }
    }

    /// Fires `count` requests at once, alternately at `a` and `b`, request `index` with `token(index)` and
    /// `body(index)`; their statuses, error codes and messages.
    static func race(
        _ count: Int, _ a: String, _ b: String, _ method: HTTPMethod, _ path: String,
        token: @escaping @Sendable (Int) -> String? = { _ in nil }, body: @escaping @Sendable (Int) -> String?
    ) async throws -> [(status: Int, code: String, message: String)] {
        try await withThrowingTaskGroup(of: (Int, String, String).self) { group in
            for index in 0..<count {
                group.addTask {
                    let answer = try await call(
                        index % 2 == 0 ? a : b, method, path, token: token(index), body: body(index))
                    return (
                        answer.status, answer.json["error"] as? String ?? "", answer.json["message"] as? String ?? ""
                    )
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Each of `parents` joins with `code` at once, alternately at `a` and `b`.
    static func join(
        _ parents: [String], _ code: String, alternatelyOn a: String, _ b: String
    ) async throws -> [(status: Int, code: String, message: String)] {
        try await race(parents.count, a, b, .post, "/api/family/code/join", token: { parents[$0] }) { _ in
            #"{"familyCode":"\#(code)"}"#
        }
    }

    /// A guardian's family with one managed member: the guardian's token and the member's id.
    static func guardianWithMember(_ a: String, _ b: String) async throws -> (token: String, memberId: String) {
        let guardian = try await signUp(a, "gia@example.com", role: "player")
        #expect(try await call(a, .post, "/api/family/create", token: guardian).status < 300)
        let added = try await call(b, .post, "/api/members", token: guardian, body: #"{"displayName":"Max"}"#)
        #expect(added.status == 201, "\(added.json)")
        return (guardian, try #require(added.json["memberId"] as? String))
    }

    @Test func fiveWrongPinsAcrossBothServersBlockTheMember() async throws {
        try await Self.withTwoServers { a, b in
            let (guardian, member) = try await Self.guardianWithMember(a, b)
            let set = try await Self.call(
                a, .put, "/api/members/\(member)/pin", token: guardian,
                body: #"{"password":"correct horse","pin":"2468"}"#)
            #expect(set.status == 200, "\(set.json)")
            let answers = try await Self.race(
                10, a, b, .post, "/api/members/\(member)/pin/verify", token: { _ in guardian }
            ) { index in #"{"pin":"\#(1000 + index)"}"# }
            // Four wrong PINs are told so; the fifth, whichever server counted it, blocks, and so is every later one.
            #expect(answers.filter { $0.code == "identity.wrong_pin" }.count == 4, "\(answers)")
            #expect(answers.filter { $0.code == "identity.too_many_wrong_pins" }.count == 6, "\(answers)")
            for server in [a, b] {
                let right = try await Self.call(
                    server, .post, "/api/members/\(member)/pin/verify", token: guardian, body: #"{"pin":"2468"}"#)
                #expect(right.status == 429, "\(right.json)")
            }
        }
    }

    @Test func aClaimCodeRacedAcrossBothServersMakesExactlyOneAccount() async throws {
        try await Self.withTwoServers { a, b in
            let (guardian, member) = try await Self.guardianWithMember(a, b)
            let graduated = try await Self.call(b, .post, "/api/members/\(member)/graduate", token: guardian)
            #expect(graduated.status == 201, "\(graduated.json)")
            let code = try #require(graduated.json["claimCode"] as? String)
            let answers = try await Self.race(6, a, b, .post, "/api/auth/signup") { index in
                #"{"email":"max\#(index)@example.com","firstName":"Max","lastName":"Lee","password":"correct horse","claimCode":"\#(code)"}"#
            }
            #expect(answers.filter { $0.status == 201 }.count == 1, "\(answers)")
            #expect(answers.filter { $0.code == "identity.claim_code_invalid" }.count == 5, "\(answers)")
            // The household has the guardian and one independent Max, and no managed member left.
            let members = try await Self.call(a, .get, "/api/household", token: guardian)
            let list = try #require(members.json["members"] as? [[String: Any]], "\(members.json)")
            #expect(list.filter { $0["kind"] as? String == "managed" }.isEmpty, "\(list)")
            #expect(list.filter { $0["displayName"] as? String == "Max Lee" }.count == 1, "\(list)")
        }
    }

    @Test func tenSignUpsWithOneEmailMakeOneAccount() async throws {
        try await Self.withTwoServers { a, b in
            let statuses = try await Self.race(10, a, b, .post, "/api/auth/signup") { _ in
                #"{"email":"same@example.com","firstName":"Sam","lastName":"Ray","password":"correct horse"}"#
            }.map(\.status)
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 409 }.count == 9, "\(statuses)")
        }
    }

    @Test func theJoinLimitIsSharedByBothServers() async throws {
        try await Self.withTwoServers { a, b in
            let parent = try await Self.signUp(a, "pat@example.com", role: "parent")
            for base in [a, a, a, b, b] {
                let answer = try await Self.call(
                    base, .post, "/api/family/code/join", token: parent, body: #"{"familyCode":"FAM-000000"}"#)
                #expect(answer.status == 404)
            }
            for base in [a, b] {
                let answer = try await Self.call(
                    base, .post, "/api/family/code/join", token: parent, body: #"{"familyCode":"FAM-000001"}"#)
                #expect(answer.status == 429)
                #expect(answer.json["error"] as? String == "familyCodes.rate_limited")
            }
        }
    }

    @Test func twelveRequestsToOneOwnerLeaveExactlyTen() async throws {
        try await Self.withTwoServers { a, b in
            let (owner, viewer) = try await Self.ownerWithViewer(a, b)
            // Twelve distinct requests (one pending per profile and field): email and phone, which ask for
            // Contacts by default, of the primary and of five shadows shown to Contacts.
            for index in 0..<5 {
                let shadow = try await Self.call(
                    a, .post, "/api/shadows", token: owner,
                    body:
                        #"{"type":"personal","displayName":"Shade \#(["A", "B", "C", "D", "E"][index])","circles":["Contacts"]}"#
                )
                #expect(shadow.status == 201, "\(shadow.json)")
                let username = "shade_\(index)"
                let named = try await Self.call(
                    a, .patch, "/api/profiles/" + (shadow.json["profileId"] as? String ?? ""), token: owner,
                    body: #"{"username":"\#(username)"}"#)
                #expect(named.status == 200, "\(named.json)")
            }
            // Creating a shadow switches to it: back to the primary, whose username this sets.
            let switched = try await Self.call(
                a, .post, "/api/personas/switch", token: owner, body: #"{"profile":"primary"}"#)
            #expect(switched.status == 200, "\(switched.json)")
            let named = try await Self.call(a, .patch, "/api/profile", token: owner, body: #"{"username":"the_owner"}"#)
            #expect(named.status == 200, "\(named.json)")
            let targets = ["the_owner"] + (0..<5).map { "shade_\($0)" }
            // Request `index` asks for target `index % 6`, so each target's two requests go to one server, as the
            // target's index decides.
            let statuses = try await Self.race(12, a, b, .post, "/api/requests", token: { _ in viewer }) { index in
                #"{"target":"@\#(targets[index % 6])","field":"\#(index < 6 ? "email" : "phone")"}"#
            }.map(\.status)
            #expect(statuses.count == 12)
            #expect(statuses.filter { $0 == 201 }.count == 10, "\(statuses)")
            #expect(statuses.filter { $0 == 409 }.count == 2, "\(statuses)")
        }
    }
}
