import Accounts
import Crypto
import Foundation
import Identity
import IdentityOIDC
import JWTKit
import Kernel
import Networking
import Synchronization

/// An OpenID Connect provider of our own, for tests on loopback: discovery, JWKS (with Cache-Control), an
/// authorization endpoint that approves the configured user and redirects with a code, and a token endpoint that
/// checks the PKCE verifier and returns an ID token signed with a test key. It rotates keys and makes expired or
/// wrongly signed tokens on demand.
///
/// It answers `HTTPRequest`s itself (an in-process `HTTPClient`), and `kith-fake-oidc` serves the same answers on a
/// loopback port. Paths are read relative to the issuer's: `/.well-known/openid-configuration`, `/jwks`,
/// `/authorize`, `/token`, and for end-to-end tests: `/test/rotate` (POST), `/test/approve` (POST, a
/// `FakeProviderUser` as JSON), `/test/token?signing=valid|unknown-key|no-kid` (an ID token of the approved user, for the
/// server's own client ids) and `/test/stats` (`{"jwksFetches": N}`).
public final class FakeOpenIDProvider: HTTPClient {
    struct PendingCode {
        var clientId: String
        var redirectURI: String
        var codeChallenge: String
        var nonce: String?
        var user: FakeProviderUser
    }

    struct State {
        var keys: [FakeSigningKey]
        var user: FakeProviderUser
        var codes: [String: PendingCode] = [:]
        var jwksFetches = 0
        var nextKey = 1
    }

    public let issuer: String
    public let clientIds: [String]
    let clock: any WallClock
    let algorithm: FakeSigningKey.Algorithm
    /// The JWKS response's `Cache-Control: max-age`; nil sends no Cache-Control at all.
    public let keysMaxAge: Int?
    /// Whether the JWKS names its keys (`kid`); some providers with a single key do not.
    public let namesKeys: Bool
    private let state: Mutex<State>

    /// A provider at `issuer` for `clientIds` that approves `user`; its keys are RS256 unless `es256` (Apple and
    /// Google both use RS256; ES256 checks the other accepted algorithm).
    public init(
        issuer: String, clientIds: [String], user: FakeProviderUser, clock: any WallClock = SystemClock(),
        es256: Bool = false, keysMaxAge: Int? = 3600, namesKeys: Bool = true
    ) throws {
        self.issuer = issuer
        self.clientIds = clientIds
        self.clock = clock
        algorithm = es256 ? .es256 : .rs256
        self.keysMaxAge = keysMaxAge
        self.namesKeys = namesKeys
        state = Mutex(State(keys: [try FakeSigningKey(kid: "key-1", algorithm: es256 ? .es256 : .rs256)], user: user))
        state.withLock { $0.nextKey = 2 }
    }

    // MARK: - Test controls

    /// Replaces the signing key with a new one; the JWKS shows only the new key from now on.
    public func rotateKeys() throws {
        let kid = state.withLock { state -> String in
            defer { state.nextKey += 1 }
            return "key-\(state.nextKey)"
        }
        let key = try FakeSigningKey(kid: kid, algorithm: algorithm, unlike: state.withLock { $0.keys })
        state.withLock { $0.keys = [key] }
    }

    /// Adds a key to the JWKS beside the one tokens are signed with (a provider publishing its next key early).
    public func addKey() throws {
        let kid = state.withLock { state -> String in
            defer { state.nextKey += 1 }
            return "key-\(state.nextKey)"
        }
        let key = try FakeSigningKey(kid: kid, algorithm: algorithm, unlike: state.withLock { $0.keys })
        state.withLock { $0.keys.append(key) }
    }

    /// The user the authorization endpoint approves from now on.
    public func approve(_ user: FakeProviderUser) { state.withLock { $0.user = user } }

    /// How many times the JWKS was served.
    public var jwksFetches: Int { state.withLock { $0.jwksFetches } }

    /// The `kid` tokens are signed with now.
    public var currentKeyId: String { state.withLock { $0.keys[0].kid } }

    /// The configuration a verifier of this provider's tokens uses.
    public func configuration(as provider: IdentityProvider = .google) throws -> OIDCProviderConfiguration {
        try OIDCProviderConfiguration(provider: provider, issuer: issuer, clientIds: clientIds)
    }

    // MARK: - Tokens

    /// An ID token as `options` asks: valid for the approved user and the first client id unless told otherwise.
    public func idToken(_ options: FakeTokenOptions = FakeTokenOptions()) async throws -> String {
        let (key, approved) = state.withLock { ($0.keys[0], $0.user) }
        let user = options.user ?? approved
        let now = clock.now().timeIntervalSince1970
        let claims = IDTokenClaims(
            iss: options.issuer ?? issuer, sub: user.subject, aud: options.audience ?? [clientIds[0]],
            azp: options.authorizedParty, exp: now + options.expiresIn, iat: now + options.issuedIn,
            nonce: options.nonce, email: user.email, emailVerified: user.emailVerified, givenName: user.givenName,
            familyName: user.familyName)
        let collection = JWTKeyCollection()
        switch options.signing {
        case .valid:
            await key.add(to: collection, as: key.kid)
            return try await collection.sign(claims, kid: JWKIdentifier(string: key.kid))
        case .wrongKey:
            let forger = try FakeSigningKey(kid: key.kid, algorithm: algorithm, unlike: [key])
            await forger.add(to: collection, as: key.kid)
            return try await collection.sign(claims, kid: JWKIdentifier(string: key.kid))
        case .withoutKeyId:
            await key.add(to: collection, as: key.kid)
            let named = try await collection.sign(claims, kid: JWKIdentifier(string: key.kid))
            // The same claims under a header without `kid`, signed anew.
            guard let payload = Base64URL.decode(named.split(separator: ".")[1]).map({ Data($0) }) else {
                throw FakeProviderError.noKey
            }
            return try signedToken(
                header: Data(#"{"alg":"\#(algorithm.rawValue)","typ":"JWT"}"#.utf8), payload: payload)
        case .unknownKey:
            let stranger = try FakeSigningKey(kid: "unknown-\(UUID().uuidString)", algorithm: algorithm)
            await stranger.add(to: collection, as: stranger.kid)
            return try await collection.sign(claims, kid: JWKIdentifier(string: stranger.kid))
        case .hmacWithPublicKey:
            await collection.add(
                hmac: HMACKey(from: key.publicKeyPEM), digestAlgorithm: .sha256, kid: JWKIdentifier(string: key.kid))
            return try await collection.sign(claims, kid: JWKIdentifier(string: key.kid))
        case .none:
            let header = Base64URL.encode(Array(#"{"alg":"none","kid":"\#(key.kid)","typ":"JWT"}"#.utf8))
            let body = Base64URL.encode(try JSONEncoder().encode(claims))
            return "\(header).\(body)."
        }
    }

    /// A compact JWS of exactly these header and payload bytes, validly signed with the current key whatever the
    /// header says: for fuzzing the verifier with tokens whose signature is right and whose contents are not.
    public func signedToken(header: Data, payload: Data) throws -> String {
        let key = state.withLock { $0.keys[0] }
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        return signingInput + "." + Base64URL.encode(try key.signature(of: Data(signingInput.utf8)))
    }

    // MARK: - HTTP

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        await respond(to: request)
    }

    /// The provider's answer to `request`.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let issuerPath = URL(string: issuer)?.path ?? ""
        var path = request.url.path
        if !issuerPath.isEmpty, path.hasPrefix(issuerPath) { path.removeFirst(issuerPath.count) }
        do {
            switch (request.method, path) {
            case (.get, "/.well-known/openid-configuration"): return try Self.json(discovery)
            case (.get, "/jwks"): return try jwks()
            case (.get, "/authorize"): return authorize(request.url)
            case (.post, "/token"): return try await token(Self.form(request.body ?? Data()))
            case (.post, "/test/rotate"):
                try rotateKeys()
                return HTTPResponse(status: 204)
            case (.post, "/test/approve"):
                approve(try JSONDecoder().decode(FakeProviderUser.self, from: request.body ?? Data()))
                return HTTPResponse(status: 204)
            case (.get, "/test/token"): return try await testToken(request.url)
            case (.get, "/test/stats"): return try Self.json(["jwksFetches": jwksFetches])
            default: return HTTPResponse(status: 404)
            }
        } catch {
            return HTTPResponse(status: 500)
        }
    }

    /// The discovery document.
    public var discovery: DiscoveryDocument {
        DiscoveryDocument(
            issuer: issuer, authorizationEndpoint: issuer + "/authorize", tokenEndpoint: issuer + "/token",
            jwksURI: issuer + "/jwks")
    }

    private func jwks() throws -> HTTPResponse {
        let keys = state.withLock { state -> [FakeSigningKey] in
            state.jwksFetches += 1
            return state.keys
        }
        var published = try keys.map { try $0.publicJWK() }
        if !namesKeys { for index in published.indices { published[index].keyIdentifier = nil } }
        var response = try Self.json(JWKS(keys: published))
        if let keysMaxAge { response.headers["Cache-Control"] = "public, max-age=\(keysMaxAge)" }
        return response
    }

    /// `{"idToken": ...}` for the approved user, signed as `?signing=` says (`valid`, the default, or `unknown-key`).
    private func testToken(_ url: URL) async throws -> HTTPResponse {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let signing: FakeTokenOptions.Signing
        switch query.first(where: { $0.name == "signing" })?.value ?? "valid" {
        case "valid": signing = .valid
        case "unknown-key": signing = .unknownKey
        case "no-kid": signing = .withoutKeyId
        default: return HTTPResponse(status: 400, body: Data("signing: valid, unknown-key or no-kid".utf8))
        }
        return try Self.json(["idToken": try await idToken(FakeTokenOptions(signing: signing))])
    }

    /// Approves the configured user at once and redirects to the client's loopback address with a code.
    private func authorize(_ url: URL) -> HTTPResponse {
        let query = Dictionary(
            (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            }, uniquingKeysWith: { first, _ in first })
        guard query["response_type"] == "code", let clientId = query["client_id"], clientIds.contains(clientId),
            let redirectURI = query["redirect_uri"], let redirect = URL(string: redirectURI),
            OIDCProviderConfiguration.isAllowed(redirect), query["code_challenge_method"] == "S256",
            let challenge = query["code_challenge"], !challenge.isEmpty
        else { return HTTPResponse(status: 400, body: Data("invalid_request".utf8)) }
        let code = Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        state.withLock {
            $0.codes[code] = PendingCode(
                clientId: clientId, redirectURI: redirectURI, codeChallenge: challenge, nonce: query["nonce"],
                user: $0.user)
        }
        var components = URLComponents(url: redirect, resolvingAgainstBaseURL: false)
        let existing = components?.queryItems ?? []
        components?.queryItems =
            existing + [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: query["state"])]
        return HTTPResponse(status: 302, headers: ["Location": components?.string ?? redirectURI])
    }

    /// Exchanges a code (once) for an ID token when the PKCE verifier matches the challenge.
    private func token(_ form: [String: String]) async throws -> HTTPResponse {
        guard form["grant_type"] == "authorization_code", let code = form["code"],
            let pending = state.withLock({ $0.codes.removeValue(forKey: code) }),
            form["client_id"] == pending.clientId, form["redirect_uri"] == pending.redirectURI,
            let verifier = form["code_verifier"],
            Base64URL.encode(SHA256.hash(data: Array(verifier.utf8))) == pending.codeChallenge
        else { return try Self.json(["error": "invalid_grant"], status: 400) }
        let idToken = try await idToken(
            FakeTokenOptions(user: pending.user, audience: [pending.clientId], nonce: pending.nonce))
        return try Self.json([
            "access_token": Base64URL.encode(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }),
            "token_type": "Bearer", "id_token": idToken,
        ])
    }

    static func json(_ value: some Encodable, status: Int = 200) throws -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"], body: try JSONEncoder().encode(value))
    }

    /// An `application/x-www-form-urlencoded` body.
    static func form(_ body: Data) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(
            of: "+", with: "%20")
        return Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}
