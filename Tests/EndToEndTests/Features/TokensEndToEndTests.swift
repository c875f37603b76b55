import Foundation
import Networking
import NetworkingTesting
import PostgresStorageTesting
import Testing

/// Tokens from outside: the built `kith-server` registers an app (`apps add --json`), serves, and an app's backend
/// written in Python (PyJWT, and separately jwcrypto) verifies the tokens it issues with nothing but the metadata and
/// the JWKS it fetched over HTTP; introspection says inactive right after sign-out.
@Suite("Tokens end to end: kith-server, PyJWT and jwcrypto")
struct TokensEndToEndTests {
    /// A folder, its server file with an app registered by `kith-server apps add --json`, and the app's secrets.
    static func registered() async throws -> (folder: String, file: String, appId: String, secret: String) {
        let folder = NSTemporaryDirectory() + "kith-tokens-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/kith.sqlite"
        let added = try await ChildProcess.finish(
            KithServerProcess.binary, ["apps", "add", "Movie Night", "--json", "--db", file, "--migrate"])
        #expect(added.status == 0, "\(added.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])
        #expect(json["webhookSecret"] is NSNull)
        return (folder, file, json["appId"] as? String ?? "", json["secret"] as? String ?? "")
    }

    /// One request to the server; the status and the decoded object (empty when the body is not an object).
    static func call(
        _ base: String, _ method: HTTPMethod, _ path: String, headers extra: HTTPHeaders = [:], body: String? = nil,
        form: Bool = false
    ) async throws -> (status: Int, json: [String: Any]) {
        var headers: HTTPHeaders = ["Content-Type": form ? "application/x-www-form-urlencoded" : "application/json"]
        for field in extra { headers[field.name] = field.value }
        let response = try await CurlHTTPClient().send(
            HTTPRequest(
                method: method, url: URL(string: base + path)!, headers: headers, body: body.map { Data($0.utf8) }))
        return (response.status, (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:])
    }

    static func bearer(_ token: String, actingAs member: String? = nil) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
        if let member { headers["X-Acting-As-Member"] = member }
        return headers
    }

    /// The metadata, then the JWKS its `jwks_uri` names, fetched over HTTP as a backend would; each token verified.
    /// Prints `sub act.sub exp-iat typ kith_maturity kith_age_range` a token (`-` without `act` or an age range; the
    /// range as `lower-upper/method`).
    static let pyjwt = #"""
        import json, sys, urllib.request, jwt
        base, audience, tokens = sys.argv[1], sys.argv[2], sys.argv[3:]
        metadata = json.load(urllib.request.urlopen(base + "/.well-known/oauth-authorization-server"))
        assert metadata["issuer"] == base, metadata
        jwks = jwt.PyJWKSet.from_dict(json.load(urllib.request.urlopen(metadata["jwks_uri"])))
        for token in tokens:
            header = jwt.get_unverified_header(token)
            key = next(k for k in jwks.keys if k.key_id == header["kid"])
            claims = jwt.decode(token, key.key, algorithms=["ES256"], audience=audience, issuer=metadata["issuer"],
                                options={"require": ["exp", "iat", "iss", "aud", "sub"]})
            age = claims.get("kith_age_range")
            print(claims["sub"], claims.get("act", {}).get("sub", "-"), claims["exp"] - claims["iat"], header["typ"],
                  claims["kith_maturity"], "%d-%d/%s" % (age["lower"], age["upper"], age["method"]) if age else "-")
        """#

    static let jwcrypto = #"""
        import json, sys, time, urllib.request
        from jwcrypto import jwk, jwt
        base, audience, tokens = sys.argv[1], sys.argv[2], sys.argv[3:]
        metadata = json.load(urllib.request.urlopen(base + "/.well-known/oauth-authorization-server"))
        keys = jwk.JWKSet.from_json(urllib.request.urlopen(metadata["jwks_uri"]).read())
        for token in tokens:
            verified = jwt.JWT(jwt=token, key=keys, algs=["ES256"],
                               check_claims={"iss": metadata["issuer"], "aud": audience, "exp": None})
            claims, header = json.loads(verified.claims), json.loads(verified.header)
            assert claims["exp"] > time.time()
            print(claims["sub"], claims.get("act", {}).get("sub", "-"), claims["exp"] - claims["iat"], header["typ"])
        """#

    @Test func anAppAddedByTheOperatorGetsTokensPythonVerifiesAndIntrospectionFollowsSignOut() async throws {
        let (folder, file, appId, secret) = try await Self.registered()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder, file: file, arguments: ["--log-format", "json"])
        defer { server.stop() }
        let base = server.url

        let signUp = try await Self.call(
            base, .post, "/api/auth/signup",
            body:
                #"{"email":"ann@example.com","firstName":"Ann","lastName":"Lee","password":"correct horse","role":"parent"}"#
        )
        #expect(signUp.status == 201, "\(signUp.json)")
        let (ann, annToken) = (signUp.json["accountId"] as? String ?? "", signUp.json["token"] as? String ?? "")
        #expect(
            try await Self.call(
                base, .post, "/api/households", headers: Self.bearer(annToken), body: #"{"name":"Lees"}"#
            ).status == 201)
        let member = try await Self.call(
            base, .post, "/api/members", headers: Self.bearer(annToken), body: #"{"displayName":"Max"}"#)
        let max = try #require(member.json["memberId"] as? String)
        // Max's guardian sets his ceiling and declares his age: his tokens carry both.
        #expect(
            try await Self.call(
                base, .put, "/api/members/\(max)/maturity", headers: Self.bearer(annToken), body: #"{"rating":"13+"}"#
            ).status == 200)
        #expect(
            try await Self.call(
                base, .put, "/api/members/\(max)/age-range", headers: Self.bearer(annToken),
                body: #"{"lower":9,"upper":12}"#
            ).status == 200)

        let token = try await Self.call(
            base, .post, "/api/auth/token", headers: Self.bearer(annToken), body: #"{"audience":"\#(appId)"}"#)
        #expect(token.status == 200, "\(token.json)")
        let acting = try await Self.call(
            base, .post, "/api/auth/token", headers: Self.bearer(annToken, actingAs: max),
            body: #"{"audience":"\#(appId)"}"#)
        #expect(acting.status == 200, "\(acting.json)")
        let tokens = [token.json["access_token"] as? String ?? "", acting.json["access_token"] as? String ?? ""]

        let expected = ["\(ann) - 300 at+jwt", "\(max) \(ann) 300 at+jwt"]
        let pyjwt = try await PythonTools.run(Self.pyjwt, arguments: [base, appId] + tokens)
        #expect(
            pyjwt.split(separator: "\n").map(String.init) == [
                expected[0] + " 18+ -", expected[1] + " 13+ 9-12/guardian",
            ])
        let jwcrypto = try await PythonTools.run(Self.jwcrypto, arguments: [base, appId] + tokens)
        #expect(jwcrypto.split(separator: "\n").map(String.init) == expected)

        let basic: HTTPHeaders = ["Authorization": "Basic " + Data("\(appId):\(secret)".utf8).base64EncodedString()]
        let active = try await Self.call(
            base, .post, "/api/auth/introspect", headers: basic, body: "token=\(tokens[0])", form: true)
        #expect(active.status == 200 && active.json["active"] as? Bool == true && active.json["sub"] as? String == ann)
        #expect(try await Self.call(base, .post, "/api/auth/signout", headers: Self.bearer(annToken)).status == 204)
        for token in tokens {
            let ended = try await Self.call(
                base, .post, "/api/auth/introspect", headers: basic, body: "token=\(token)", form: true)
            #expect(ended.status == 200 && ended.json["active"] as? Bool == false && ended.json.count == 1)
        }

        // No secret or token reached the server's JSON log, whose every request line names only route and status.
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        for secret in [secret] + tokens { #expect(!log.contains(secret)) }
    }

    @Test func operatorCommandsSayWhatIsWrongOnStandardErrorWithTheirExitCodes() async throws {
        let (folder, file, appId, _) = try await Self.registered()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = KithServerProcess.binary
        let usage = try await ChildProcess.finish(binary, ["apps", "fly", "--db", file])
        #expect(usage.status == 2 && usage.errors.contains("Unknown command apps fly"))
        #expect(usage.errors.contains("usage: kith-server apps add NAME"))
        let refused = try await ChildProcess.finish(binary, ["apps", "remove", "no-such-app", "--db", file])
        #expect(refused.status == 1 && refused.errors == "error: No registered app has the id no-such-app\n")
        let list = try await ChildProcess.finish(binary, ["apps", "list", "--db", file])
        #expect(list.status == 0 && list.output.contains("\(appId)  Movie Night"))
        let rotated = try await ChildProcess.finish(binary, ["keys", "rotate", "--db", file])
        #expect(rotated.status == 0 && rotated.output.hasPrefix("Added key "))
        let keys = try await ChildProcess.finish(binary, ["keys", "list", "--db", file])
        #expect(keys.status == 0 && keys.output.split(separator: "\n").count == 1 && !keys.output.contains("PRIVATE"))
        // A new file's migrations are pending: a command refuses rather than migrate behind the operator's back.
        let fresh = try await ChildProcess.finish(binary, ["apps", "list", "--db", folder + "/new.sqlite"])
        #expect(fresh.status == 1 && fresh.errors.contains("pending migration"))
        let help = try await ChildProcess.finish(binary, ["--help"])
        #expect(help.output.contains("kith-server keys rotate") && help.output.contains("--issuer URL"))
    }

    /// A JWT's claims, read without verifying (the Python checks above verify).
    static func claims(_ jwt: String) throws -> [String: Any] {
        var text = String(jwt.split(separator: ".").dropFirst().first ?? "")
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        let data = try #require(Data(base64Encoded: text))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func kithTokenOnAFileAndThroughTheServer() async throws {
        let folder = makeTemporaryFolder("kith-e2e-token-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        for (index, mode) in [nil, server].enumerated() {
            let kith = KithInMode(
                server: mode, database: folder + "/device-\(index).sqlite", password: "Pass-\(UUID().uuidString)")
            let ann = try #require(
                try await kith.object("signup", "ann@example.com", "--first", "Ann", "--last", "Lee")["accountId"]
                    as? String)
            // The operator registers the app on the file the rules run on: kith's own file has kith-server's schema.
            let added = try await ChildProcess.finish(
                KithServerProcess.binary, ["apps", "add", "Movie Night", "--json", "--db", kith.file])
            #expect(added.status == 0, "\(added.errors)")
            let appId = try #require(
                (try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])?["appId"] as? String
            )

            let token = try await kith.object("token", appId)
            #expect(token["token_type"] as? String == "Bearer" && token["expires_in"] as? Int == 300)
            let claims = try Self.claims(token["access_token"] as? String ?? "")
            #expect(claims["sub"] as? String == ann && claims["aud"] as? String == appId)
            let plain = try await kith.run("token", appId)
            #expect(plain.status == 0 && plain.output.split(separator: ".").count == 3)

            _ = try await kith.object("household", "create", "Lees")
            let max = try #require(try await kith.object("member", "add", "Max")["memberId"] as? String)
            let acting = try await kith.object("--as", "Max", "token", appId)
            let actingClaims = try Self.claims(acting["access_token"] as? String ?? "")
            #expect(actingClaims["sub"] as? String == max)
            #expect((actingClaims["act"] as? [String: Any])?["sub"] as? String == ann)

            let unknown = try await kith.run("token", "no-such-app")
            #expect(unknown.status == 1, "\(unknown.output)")
            #expect(unknown.errors == "error: No registered app has the id no-such-app: ask for a token for one\n")
        }
    }

    @Test func twoServersOnOnePostgreSQLDatabasePublishOneKeySetAndSeeEachOthersSignOuts() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let folder = makeTemporaryFolder("kith-e2e-token-servers-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for server in ["/a", "/b"] {
            try FileManager.default.createDirectory(atPath: folder + server, withIntermediateDirectories: true)
        }
        // A fleet is one issuer: each server's default (its own address) would make the other's tokens foreign.
        let issuer = ["--issuer", "https://kith.example"]
        async let first = KithServerProcess.start(in: folder + "/a", databaseURL: url, arguments: issuer)
        async let second = KithServerProcess.start(in: folder + "/b", databaseURL: url, arguments: issuer)
        let (a, b) = try await (first, second)
        defer {
            a.stop()
            b.stop()
        }
        let added = try await ChildProcess.finish(
            KithServerProcess.binary, ["apps", "add", "Movie Night", "--json", "--database", url])
        #expect(added.status == 0, "\(added.errors)")
        let app = try #require(try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])
        let (appId, secret) = (app["appId"] as? String ?? "", app["secret"] as? String ?? "")
        let basic: HTTPHeaders = [
            "Authorization": "Basic " + Data("\(appId):\(secret)".utf8).base64EncodedString()
        ]

        let session = try await TwoServersTests.signUp(a.url, "ann@example.com", role: "member")
        let issued = try await Self.call(
            a.url, .post, "/api/auth/token", headers: Self.bearer(session), body: #"{"audience":"\#(appId)"}"#)
        let token = try #require(issued.json["access_token"] as? String)
        // Both servers sign with the one key in the database and publish the same set.
        let setA = try await CurlHTTPClient().send(
            HTTPRequest(method: .get, url: URL(string: a.url + "/.well-known/jwks.json")!))
        let setB = try await CurlHTTPClient().send(
            HTTPRequest(method: .get, url: URL(string: b.url + "/.well-known/jwks.json")!))
        #expect(setA.status == 200 && setA.body == setB.body)

        let active = try await Self.call(
            b.url, .post, "/api/auth/introspect", headers: basic, body: "token=\(token)", form: true)
        #expect(active.json["active"] as? Bool == true, "\(active.json)")
        #expect(try await Self.call(a.url, .post, "/api/auth/signout", headers: Self.bearer(session)).status == 204)
        let ended = try await Self.call(
            b.url, .post, "/api/auth/introspect", headers: basic, body: "token=\(token)", form: true)
        #expect(ended.status == 200 && ended.json["active"] as? Bool == false)
        let metadata = try await Self.call(b.url, .get, "/.well-known/oauth-authorization-server")
        #expect(metadata.json["issuer"] as? String == "https://kith.example")
    }
}
