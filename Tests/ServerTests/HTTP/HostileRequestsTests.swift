import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import IdentityTesting
import Kernel
import StorageTesting
import Testing
import Tokens

@testable import KithServer

/// Tests/Corpora/hostile-requests.json: every request gets its documented 4xx with the JSON error body (its code and
/// sentence where the case names them), or the exact answer a case names (an app's introspection of garbage is
/// inactive), and the database is left as it was.
@Suite("Hostile requests are refused and change nothing")
struct HostileRequestsTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpora/hostile-requests.json")

    struct Corpus: Decodable {
        let cases: [Case]
    }

    struct Case: Decodable, Sendable {
        struct Nesting: Decodable, Sendable {
            let open: String
            let inner: String
            let close: String
            let depth: Int
        }

        let name: String
        let method: String
        let path: String
        let auth: String
        let headers: [[String]]?
        let body: String?
        let bodyBase64: String?
        let oversizedBody: Bool?
        let nestedBody: Nesting?
        let status: Int
        /// The error body's `error` and `message`, when the case names them.
        let error: String?
        let message: String?
        /// The exact JSON of a request that is answered, not refused (a 2xx `status`).
        let answer: JSONValue?
    }

    @Test func everyHostileRequestIsRefusedAndChangesNothing() async throws {
        let cases = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: Self.corpus)).cases
        #expect(cases.count >= 200)
        let contract = try OpenAPIContract()
        let server = try TestServer(passkeys: PasskeyContract.relyingParty)
        let database = server.directory.appendingPathComponent("kith.sqlite").path
        let clock = server.clock
        let tokens = server.services.tokens
        try await server.test { client in
            let validator = SchemaValidator(
                document: try #require(
                    try JSONSerialization.jsonObject(with: kithOpenAPIDocument) as? [String: Any]))
            let world = try await World.make(client, clock: clock, tokens: tokens)
            var before = try DatabaseContents(path: database)
            for hostile in cases {
                let path = world.expand(hostile.path)
                let label = "\(hostile.method) \(path) (\(hostile.name))"
                let response = try await client.execute(
                    uri: path, method: HTTPRequest.Method(rawValue: hostile.method)!,
                    headers: world.headers(for: hostile), body: try world.body(of: hostile))
                let status = Int(response.status.code)
                let body = Data(response.text.utf8)
                if let answer = hostile.answer {
                    #expect(status == hostile.status && (200..<300).contains(status), "\(label): \(response.text)")
                    #expect((try? JSONValue.parse(body)) == answer, "\(label): \(response.text)")
                } else {
                    #expect(status == hostile.status && (400..<500).contains(status), "\(label): \(response.text)")
                    let errorProblems = (try? JSONValue.parse(body)).map {
                        validator.problems($0, schemaNamed: "Error")
                    }
                    #expect(errorProblems == [], "\(label): not the JSON error body: \(response.text)")
                    let error = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
                    if let code = hostile.error {
                        #expect(error?["error"] as? String == code, "\(label): \(response.text)")
                    }
                    if let message = hostile.message {
                        #expect(error?["message"] as? String == world.expand(message), "\(label): \(response.text)")
                    }
                }
                let route = String(path.prefix { $0 != "?" })
                if contract.template(for: route) != nil, status != 405 {
                    let problems = contract.problems(
                        method: hostile.method, path: route, requestBody: nil, status: status, responseBody: body)
                    #expect(problems.isEmpty, "\(label): \(problems)")
                }
                let after = try DatabaseContents(path: database)
                // A refused sign-in keeps one thing: its guess, counted against DOMAIN.md's limits on guessing (a
                // passkey's against its address's).
                let counted: Set<String> =
                    ["/api/auth/signin", "/api/auth/passkey"].contains(route) ? ["identity_rate_limits"] : []
                let changed = Set(after.changedTables(since: before)).subtracting(counted)
                #expect(changed.isEmpty, "\(label) changed \(changed)")
                before = after
            }
        }
    }

    /// Ana and Bea, and the registered app Movie Night, as the corpus's `about` describes them.
    struct World: Sendable {
        let tokens: [String: String]
        let ids: [String: String]

        static func make(
            _ client: any TestClientProtocol, clock: ManualClock, tokens service: any TokenService
        ) async throws -> World {
            // An app as `kith-server apps add` registers one, for the routes an app calls with its id and secret.
            let app = try await service.addApp(name: "Movie Night", webhookURL: nil)
            func basic(_ pair: String) -> String { "Basic " + Data(pair.utf8).base64EncodedString() }
            // Cy's session is 31 days old by the time the corpus runs; Dan's was ended.
            let cy = try await client.signUp("cy@example.com", first: "Cy", last: "Old")
            clock.advance(by: 31 * 24 * 3600)
            let dan = try await client.signUp("dan@example.com", first: "Dan", last: "Gone")
            try await expect(client.send(.post, "/api/auth/signout", token: dan.token), .noContent)
            let ana = try await client.signUp("ana@example.com", first: "Ana", last: "Ruiz", role: "player")
            let bea = try await client.signUp("bea@example.com", first: "Bea", last: "Lund", role: "parent")
            func call(
                _ method: HTTPRequest.Method, _ path: String, _ account: TestAccount, _ body: String? = nil,
                _ status: HTTPResponse.Status = .ok
            ) async throws -> [String: Any] {
                let response = try await client.send(method, path, token: account.token, body: body)
                try expect(response, status)
                return response.body.readableBytes == 0 ? [:] : (try? response.object()) ?? [:]
            }
            let family = try await call(.post, "/api/family/create", ana)
            let kid = try await call(.post, "/api/members", ana, #"{"displayName":"Kid"}"#, .created)
            _ = try await call(
                .post, "/api/contacts", ana, #"{"displayName":"Bea","accountEmail":"bea@example.com"}"#, .created)
            _ = try await call(.post, "/api/contacts", ana, #"{"displayName":"Cal","phone":"+1 555 0100"}"#, .created)
            _ = try await call(.post, "/api/circles", ana, #"{"name":"Chess","emoji":"♟️","color":"teal"}"#, .created)
            _ = try await call(.post, "/api/circles/Chess/members", ana, #"{"contacts":["Bea","Cal"]}"#)
            _ = try await call(
                .post, "/api/shadows", ana, #"{"type":"professional","displayName":"Night Owl"}"#, .created)
            _ = try await call(.post, "/api/personas/switch", ana, #"{"profile":"primary"}"#)
            let household = try await call(.post, "/api/households", bea, #"{"name":"Lund Home"}"#, .created)
            let tot = try await call(.post, "/api/members", bea, #"{"displayName":"Tot"}"#, .created)
            let friend = try await call(.post, "/api/contacts", bea, #"{"displayName":"Bea Friend"}"#, .created)
            _ = try await call(
                .post, "/api/contacts", bea, #"{"displayName":"Ana","accountEmail":"ana@example.com"}"#, .created)
            let knitting = try await call(.post, "/api/circles", bea, #"{"name":"Knitting"}"#, .created)
            let shadow = try await call(
                .post, "/api/shadows", bea, #"{"type":"personal","displayName":"Bea Shadow"}"#, .created)
            _ = try await call(.post, "/api/personas/switch", bea, #"{"profile":"primary"}"#)
            let beaMe = try await call(.patch, "/api/profile", bea, #"{"username":"bea_l"}"#)
            let toAna = try await call(
                .post, "/api/requests", bea, #"{"target":"ana@example.com","field":"phone"}"#, .created)
            let toBea = try await call(
                .post, "/api/requests", ana, #"{"target":"bea@example.com","field":"phone"}"#, .created)
            let granted = try await call(
                .post, "/api/requests", ana, #"{"target":"bea@example.com","field":"email"}"#, .created)
            _ = try await call(.post, "/api/requests/\(granted["requestId"] as? String ?? "")/allow", bea, "{}")
            let grants = try await client.send(.get, "/api/grants", token: bea.token).array()
            let values: [String: Any?] = [
                "beaId": bea.accountId, "beaPrimary": beaMe["profileId"], "beaShadow": shadow["profileId"],
                "beaHousehold": household["householdId"], "totId": tot["memberId"], "beaContact": friend["contactId"],
                "knittingId": knitting["circleId"], "beaOwnRequest": toBea["requestId"],
                "beaGrant": grants.first?["grantId"], "anaId": ana.accountId, "anaHousehold": family["familyId"],
                "kidId": kid["memberId"], "requestId": toAna["requestId"], "uuid": UUID().uuidString.lowercased(),
                "appId": app.app.id, "anaSession": ana.token,
            ]
            var ids: [String: String] = [:]
            for (name, value) in values { ids[name] = try #require(value as? String, "no \(name)") }
            let tampered = String(ana.token.dropLast()) + (ana.token.hasSuffix("A") ? "B" : "A")
            return World(
                tokens: [
                    "ana": "Bearer \(ana.token)", "bea": "Bearer \(bea.token)", "expired": "Bearer \(cy.token)",
                    "signedOut": "Bearer \(dan.token)", "tampered": "Bearer \(tampered)",
                    "forged": "Bearer " + String(repeating: "A", count: 43),
                    "long": "Bearer " + String(repeating: "x", count: 10_000),
                    "basic": "Basic YW5hOmNvcnJlY3QgaG9yc2U=", "emptyBearer": "Bearer ",
                    "app": basic("\(app.app.id):\(app.secret)"),
                    "appWrongSecret": basic("\(app.app.id):wrong-\(app.secret)"),
                    "appUnknown": basic("\(UUID().uuidString.lowercased()):\(app.secret)"),
                    "appNoColon": basic(app.app.id + app.secret), "appNoSecret": basic("\(app.app.id):"),
                    "appNotBase64": "Basic %%%not-base64%%%", "appBearer": "Bearer \(app.secret)",
                    "appIdNul": basic("\(app.app.id)\u{0}x:\(app.secret)"),
                ],
                ids: ids)
        }

        static func expect(_ response: TestResponse, _ status: HTTPResponse.Status) throws {
            guard response.status == status else { throw TestFailure("setup: \(response.status) \(response.text)") }
        }

        func expand(_ text: String) -> String {
            ids.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }

        func headers(for hostile: Case) -> HTTPFields {
            var headers = HTTPFields()
            if let authorization = tokens[hostile.auth] { headers[.authorization] = authorization }
            for pair in hostile.headers ?? [] where pair.count == 2 {
                headers.append(HTTPField(name: HTTPField.Name(pair[0])!, value: expand(pair[1])))
            }
            // A body is JSON unless the case says otherwise (a form, for the routes RFC 8693 and RFC 7662 give forms).
            if hostile.body != nil || hostile.bodyBase64 != nil || hostile.oversizedBody == true
                || hostile.nestedBody != nil, headers[.contentType] == nil
            {
                headers[.contentType] = "application/json"
            }
            return headers
        }

        func body(of hostile: Case) throws -> ByteBuffer? {
            if let body = hostile.body { return ByteBuffer(string: expand(body)) }
            if let encoded = hostile.bodyBase64 {
                return ByteBuffer(bytes: try #require(Data(base64Encoded: encoded)))
            }
            if hostile.oversizedBody == true {
                return ByteBuffer(string: #"{"name":""# + String(repeating: "a", count: 70_000) + #""}"#)
            }
            if let nesting = hostile.nestedBody {
                return ByteBuffer(
                    string: String(repeating: nesting.open, count: nesting.depth) + nesting.inner
                        + String(repeating: nesting.close, count: nesting.depth))
            }
            return nil
        }
    }
}
