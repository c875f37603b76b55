import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KithServer
import Testing
import Tokens
import TokensWire

/// Tokens' routes against kith-server's real router and services: the token exchange (JSON and RFC 8693 form,
/// acting, refusals), introspection by the app, the JWKS and metadata documents, and access checks.
@Suite("Tokens over HTTP")
struct TokensOverHTTPTests {
    /// A registered app on `server`, as `kith-server apps add` makes one.
    static func addApp(_ server: TestServer, name: String = "Movie Night") async throws -> AppSecrets {
        try await server.services.tokens.addApp(name: name, webhookURL: nil)
    }

    /// `Authorization: Basic` of the app's id and secret.
    static func basic(_ app: AppSecrets, secret: String? = nil) -> HTTPFields {
        var headers = HTTPFields()
        let pair = Data("\(app.app.id):\(secret ?? app.secret)".utf8).base64EncodedString()
        headers[.authorization] = "Basic \(pair)"
        return headers
    }

    /// A form body sent as `application/x-www-form-urlencoded`.
    static func form(
        _ client: any TestClientProtocol, _ path: String, _ body: String, headers: HTTPFields = [:],
        token: String? = nil, actingAs: String? = nil
    ) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let actingAs { headers[HTTPField.Name("X-Acting-As-Member")!] = actingAs }
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The JSON object of a JWT's part (0: header, 1: claims), read without verifying: the signature is the outside
    /// verifiers' job (Tokens' own tests and the end-to-end test run PyJWT and jwcrypto).
    static func part(_ jwt: String, _ index: Int) throws -> [String: Any] {
        var text = String(jwt.split(separator: ".")[index])
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        let data = try #require(Data(base64Encoded: text))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The Boolean of a body that has `key` and nothing else; nil otherwise.
    static func only(_ response: TestResponse, _ key: String) throws -> Bool? {
        let object = try response.object()
        return object.count == 1 ? object[key] as? Bool : nil
    }

    @Test func aSignedInCallerExchangesItsSessionForAnAppsToken() async throws {
        let server = try TestServer()
        let app = try await Self.addApp(server)
        let issuer = server.services.tokens.metadata.issuer
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            let response = try await client.send(
                .post, TokensRoute.exchange.template, token: dana.token, body: #"{"audience":"\#(app.app.id)"}"#)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.cacheControl] == "no-store")
            let body = try response.object()
            #expect(body["token_type"] as? String == "Bearer")
            #expect(body["expires_in"] as? Int == 300)
            #expect(body["issued_token_type"] as? String == "urn:ietf:params:oauth:token-type:jwt")
            let jwt = try #require(body["access_token"] as? String)
            let header = try Self.part(jwt, 0)
            #expect(header["typ"] as? String == "at+jwt" && header["alg"] as? String == "ES256")
            let claims = try Self.part(jwt, 1)
            #expect(claims["sub"] as? String == dana.accountId)
            #expect(claims["aud"] as? String == app.app.id || (claims["aud"] as? [String]) == [app.app.id])
            #expect(claims["client_id"] as? String == app.app.id)
            #expect(claims["iss"] as? String == issuer)
            #expect((claims["exp"] as? Int).map { $0 - (claims["iat"] as? Int ?? 0) } == 300)
            #expect(claims["act"] == nil && claims["email"] == nil)

            // RFC 8693's form fields, as an OAuth library sends them.
            let formed = try await Self.form(
                client, TokensRoute.exchange.template,
                "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Atoken-exchange&audience=\(app.app.id)"
                    + "&subject_token=x&subject_token_type=urn%3Aietf%3Aparams%3Aoauth%3Atoken-type%3Aaccess_token",
                token: dana.token)
            #expect(formed.status == .ok, "\(formed.text)")
            #expect(
                try Self.part(try formed.object()["access_token"] as? String ?? "", 1)["sub"] as? String
                    == dana.accountId)
            let wrongGrant = try await Self.form(
                client, TokensRoute.exchange.template, "grant_type=password&audience=\(app.app.id)", token: dana.token)
            #expect(wrongGrant.status == .badRequest)
            #expect(try wrongGrant.error().code == "unsupported_grant_type")

            // Signed out of Kith, no token.
            let anonymous = try await client.send(
                .post, TokensRoute.exchange.template, body: #"{"audience":"\#(app.app.id)"}"#)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test func anUnknownAudienceIsInvalidTarget() async throws {
        let server = try TestServer()
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            let response = try await client.send(
                .post, TokensRoute.exchange.template, token: dana.token, body: #"{"audience":"no-such-app"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.error().code == "invalid_target")
            #expect(response.headers[.cacheControl] == "no-store")
        }
    }

    @Test func aGuardianGetsTheMembersTokenAndAnyoneElseTheUniform403() async throws {
        let server = try TestServer()
        let app = try await Self.addApp(server)
        try await server.test { client in
            let world = try await ActingAsTests.world(client)
            let acting = try await client.send(
                .post, TokensRoute.exchange.template, token: world.alice.token, actingAs: world.max,
                body: #"{"audience":"\#(app.app.id)"}"#)
            #expect(acting.status == .ok, "\(acting.text)")
            let claims = try Self.part(try acting.object()["access_token"] as? String ?? "", 1)
            #expect(claims["sub"] as? String == world.max)
            #expect((claims["act"] as? [String: Any])?["sub"] as? String == world.alice.accountId)
            #expect(claims["kith_kind"] as? String == "managed_member")
            // A new member: the all-ages ceiling, and no declared age range.
            #expect(claims["kith_maturity"] as? String == "all-ages" && claims["kith_age_range"] == nil)

            // Mia is Bob's to guard, not Alice's; Zed is another household's.
            for member in [world.mia, world.zed, "Max"] {
                let refused = try await client.send(
                    .post, TokensRoute.exchange.template, token: world.alice.token, actingAs: member,
                    body: #"{"audience":"\#(app.app.id)"}"#)
                #expect(refused.status == .forbidden, "\(member)")
                #expect(refused.text == ActingAsTests.forbiddenBody, "\(member)")
            }
        }
    }

    @Test func introspectionAnswersTheAppActiveThenInactiveAfterSignOut() async throws {
        let server = try TestServer()
        let app = try await Self.addApp(server)
        let other = try await Self.addApp(server, name: "Compass")
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            let issued = try await client.send(
                .post, TokensRoute.exchange.template, token: dana.token, body: #"{"audience":"\#(app.app.id)"}"#)
            let jwt = try #require(try issued.object()["access_token"] as? String)

            let active = try await Self.form(
                client, TokensRoute.introspection.template, "token=\(jwt)", headers: Self.basic(app))
            #expect(active.status == .ok, "\(active.text)")
            #expect(active.headers[.cacheControl] == "no-store")
            let claims = try active.object()
            #expect(claims["active"] as? Bool == true)
            #expect(claims["sub"] as? String == dana.accountId && claims["aud"] as? String == app.app.id)
            #expect(claims["client_id"] as? String == app.app.id)
            // Dana's own age signals: an account's 18+ ceiling; she declared no age range.
            #expect(claims["kith_maturity"] as? String == "18+" && claims["kith_age_range"] == nil)

            // Another app's token says nothing to this one.
            let notTheirs = try await Self.form(
                client, TokensRoute.introspection.template, "token=\(jwt)", headers: Self.basic(other))
            #expect(try Self.only(notTheirs, "active") == false)

            // Wrong or missing credentials: RFC 6749's 401, with the Basic challenge.
            for headers in [Self.basic(app, secret: "wrong"), Self.basic(other, secret: app.secret), HTTPFields()] {
                let refused = try await Self.form(
                    client, TokensRoute.introspection.template, "token=\(jwt)", headers: headers)
                #expect(refused.status == .unauthorized)
                #expect(try refused.error().code == "invalid_client")
                #expect(refused.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            }
            let missing = try await Self.form(client, TokensRoute.introspection.template, "", headers: Self.basic(app))
            #expect(missing.status == .badRequest)
            #expect(try missing.error().code == "invalid_request")

            #expect(try await client.send(.post, "/api/auth/signout", token: dana.token).status == .noContent)
            let ended = try await Self.form(
                client, TokensRoute.introspection.template, "token=\(jwt)", headers: Self.basic(app))
            #expect(ended.status == .ok)
            #expect(try Self.only(ended, "active") == false)
        }
    }

    @Test func theKeySetAndMetadataArePublicAndNameEachOther() async throws {
        let server = try TestServer()
        let app = try await Self.addApp(server)
        try await server.test { client in
            let metadata = try await client.send(.get, TokensRoute.serverMetadata.template)
            #expect(metadata.status == .ok)
            let document = try metadata.object()
            let issuer = try #require(document["issuer"] as? String)
            #expect(document["jwks_uri"] as? String == issuer + TokensRoute.keySet.template)
            #expect(document["token_endpoint"] as? String == issuer + TokensRoute.exchange.template)
            #expect(document["introspection_endpoint"] as? String == issuer + TokensRoute.introspection.template)
            #expect(
                document["grant_types_supported"] as? [String] == ["urn:ietf:params:oauth:grant-type:token-exchange"])

            let dana = try await client.signUp("dana@example.com")
            let issued = try await client.send(
                .post, TokensRoute.exchange.template, token: dana.token, body: #"{"audience":"\#(app.app.id)"}"#)
            let kid = try Self.part(try issued.object()["access_token"] as? String ?? "", 0)["kid"] as? String

            let jwks = try await client.send(.get, TokensRoute.keySet.template)
            #expect(jwks.status == .ok)
            #expect(jwks.headers[.cacheControl] == "public, max-age=300")
            let keys = try #require(try jwks.object()["keys"] as? [[String: Any]])
            #expect(keys.count == 1)
            let key = try #require(keys.first)
            #expect(key["kty"] as? String == "EC" && key["crv"] as? String == "P-256")
            #expect(key["alg"] as? String == "ES256" && key["use"] as? String == "sig")
            #expect(key["kid"] as? String == kid)
            #expect((key["x"] as? String)?.isEmpty == false && (key["y"] as? String)?.isEmpty == false)
            #expect(key["d"] == nil)
        }
    }

    @Test func accessChecksOneAndManyAndAtMost100() async throws {
        let server = try TestServer()
        let app = try await Self.addApp(server)
        try await server.test { client in
            let alice = try await client.signUp("alice@example.com", first: "Alice", last: "Stone")
            let bob = try await client.signUp("bob@example.com", first: "Bob", last: "Lane")
            let circles = try await client.send(.get, "/api/circles", token: alice.token).array()
            let id = { (name: String) in circles.first { $0["name"] as? String == name }?["circleId"] as? String ?? "" }
            let (everyone, friends) = (id("Public"), id("Friends"))
            #expect(!everyone.isEmpty && !friends.isEmpty)

            func check(_ body: String, _ headers: HTTPFields) async throws -> TestResponse {
                try await client.send(.post, TokensRoute.check.template, body: body, headers: headers)
            }
            let one = try await check(
                #"{"owner":"\#(alice.accountId)","viewer":"\#(bob.accountId)","circles":["\#(everyone)"]}"#,
                Self.basic(app))
            #expect(one.status == .ok, "\(one.text)")
            #expect(try Self.only(one, "allowed") == true)

            let pair = [everyone, friends].map {
                #"{"owner":"\#(alice.accountId)","viewer":"\#(bob.accountId)","circles":["\#($0)"]}"#
            }
            let many = try await check(#"{"checks":[\#(pair.joined(separator: ","))]}"#, Self.basic(app))
            #expect(many.status == .ok, "\(many.text)")
            let results = try #require(try many.object()["results"] as? [[String: Any]])
            #expect(results.map { $0["allowed"] as? Bool } == [true, false])

            let hundred = Array(repeating: pair[1], count: 100).joined(separator: ",")
            let full = try await check(#"{"checks":[\#(hundred)]}"#, Self.basic(app))
            #expect(full.status == .ok)
            #expect((try full.object()["results"] as? [Any])?.count == 100)
            let over = try await check(#"{"checks":[\#(hundred),\#(pair[0])]}"#, Self.basic(app))
            #expect(over.status == .badRequest)
            #expect(try over.error().code == "tokens.too_many_checks")

            let neither = try await check(#"{"owner":"\#(alice.accountId)"}"#, Self.basic(app))
            #expect(neither.status == .badRequest)
            #expect(try neither.error().code == "invalid_json")

            for headers in [Self.basic(app, secret: "wrong"), HTTPFields()] {
                let refused = try await check(pair[0], headers)
                #expect(refused.status == .unauthorized)
                #expect(try refused.error().code == "invalid_client")
                #expect(refused.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            }
            // A session's bearer token is not an app's credentials.
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(alice.token)"
            #expect(try await check(pair[0], bearer).status == .unauthorized)
        }
    }
}
