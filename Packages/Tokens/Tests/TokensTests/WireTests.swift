import Foundation
import Testing
import Tokens
import TokensWire

/// The HTTP contract's shapes: the exact names RFC 8693, 7662, 7517 and 8414 give, and the error codes.
@Suite("Tokens on the wire")
struct WireTests {
    func json(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try #require(try JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any])
    }

    @Test("the token response is RFC 8693's")
    func tokenResponse() throws {
        let body = try json(
            TokenResponse(
                accessToken: "a.b.c", tokenType: "Bearer", expiresIn: 300, issuedTokenType: TokenResponse.jwtTokenType))
        #expect(body["access_token"] as? String == "a.b.c" && body["token_type"] as? String == "Bearer")
        #expect(body["expires_in"] as? Int == 300)
        #expect(body["issued_token_type"] as? String == "urn:ietf:params:oauth:token-type:jwt")
    }

    @Test("inactive introspection is {active: false} alone")
    func inactive() throws {
        let encoded = try JSONEncoder().encode(IntrospectionResponse(.inactive))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"active":false}"#)
    }

    @Test("metadata and JWKS use RFC 8414's and RFC 7517's names")
    func documents() throws {
        let metadata = try json(
            AuthorizationServerMetadataJSON(AuthorizationServerMetadata(issuer: "https://kith.example/")))
        #expect(metadata["issuer"] as? String == "https://kith.example")
        #expect(metadata["jwks_uri"] as? String == "https://kith.example/.well-known/jwks.json")
        #expect(metadata["token_endpoint"] as? String == "https://kith.example/api/auth/token")
        #expect(metadata["introspection_endpoint"] as? String == "https://kith.example/api/auth/introspect")
        let jwks = try json(JWKSDocument([PublishedKey(id: "k1", x: "X", y: "Y")]))
        let key = try #require((jwks["keys"] as? [[String: Any]])?.first)
        #expect(key["kty"] as? String == "EC" && key["crv"] as? String == "P-256" && key["alg"] as? String == "ES256")
        #expect(key["kid"] as? String == "k1" && key["use"] as? String == "sig")
    }

    @Test("an access check is one check or a list of them, never both")
    func accessCheckBodies() throws {
        let one = AccessCheckRequest(owner: "o", viewer: "v", circles: ["c"])
        #expect(one.asked == [AccessCheck(owner: "o", viewer: "v", circles: ["c"])] && !one.isBatch)
        let many = AccessCheckRequest(checks: [AccessCheckJSON(owner: "o", viewer: "v", circles: [])])
        #expect(many.asked?.count == 1 && many.isBatch)
        #expect(AccessCheckRequest(owner: "o", viewer: "v").asked == nil)
        #expect(
            AccessCheckRequest(owner: "o", viewer: "v", circles: [], checks: []).asked == nil)
    }

    @Test("every error case has its code and status, and comes back from them")
    func errors() {
        let cases: [(TokensError, String, Int)] = [
            (.invalidAppName, "tokens.invalid_app_name", 400),
            (.invalidWebhookURL("x"), "tokens.invalid_webhook_url", 400),
            (.appNotFound("id"), "tokens.app_not_found", 404),
            (.unknownAudience("aud"), "invalid_target", 400),
            (.actingNotAvailable, "forbidden", 403),
            (.wrongAppCredentials, "invalid_client", 401),
            (.tooManyChecks(101), "tokens.too_many_checks", 400),
            (.sealedSecret, "tokens.sealed_secret", 500),
        ]
        for (error, code, status) in cases {
            #expect(error.wire.code == code && error.wire.status == status)
            #expect(TokensError(wireCode: code, details: error.wire.details ?? .none) == error)
        }
    }
}
