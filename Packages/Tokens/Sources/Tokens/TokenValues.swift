import Foundation

/// A token issued to a signed-in caller for one app.
public struct IssuedToken: Sendable, Hashable {
    /// The JWT.
    public var accessToken: String
    /// Seconds it lives: `KeyRotation.tokenLifetime`.
    public var expiresIn: Int
    /// The claims it carries, as signed.
    public var claims: AccessTokenClaims
    /// The `kid` of the key that signed it.
    public var keyId: String

    public init(accessToken: String, expiresIn: Int, claims: AccessTokenClaims, keyId: String) {
        self.accessToken = accessToken
        self.expiresIn = expiresIn
        self.claims = claims
        self.keyId = keyId
    }
}

extension AccessTokenClaims: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(jti.value) }
}

/// What introspection (RFC 7662) says of a token: inactive, or active with its claims.
public enum Introspection: Sendable, Hashable {
    /// Not valid, expired, not this app's, or its session ended or its account was deleted: nothing more is said.
    case inactive
    case active(AccessTokenClaims)

    public var isActive: Bool {
        if case .active = self { return true }
        return false
    }
}

/// One access check: is `viewer` (an account id) in any of `circles` of `owner` (an account id)?
public struct AccessCheck: Sendable, Hashable {
    public var owner: String
    public var viewer: String
    /// Circle ids, as `GET /api/circles` gives them.
    public var circles: [String]

    public init(owner: String, viewer: String, circles: [String]) {
        self.owner = owner
        self.viewer = viewer
        self.circles = circles
    }
}

/// RFC 8414's metadata of this server as the issuer of tokens: a pure function of the issuer URL.
public struct AuthorizationServerMetadata: Sendable, Hashable {
    public var issuer: String
    public var jwksURI: String
    public var tokenEndpoint: String
    public var introspectionEndpoint: String
    /// RFC 8693's token exchange: the only grant.
    public var grantTypesSupported = ["urn:ietf:params:oauth:grant-type:token-exchange"]
    /// No authorization endpoint, so no response type.
    public var responseTypesSupported: [String] = []
    /// Apps prove themselves with HTTP Basic.
    public var introspectionEndpointAuthMethodsSupported = ["client_secret_basic"]
    public var tokenEndpointAuthMethodsSupported = ["none"]
    public var signingAlgorithmsSupported = ["ES256"]

    /// The documents' paths, relative to the issuer.
    public static let jwksPath = "/.well-known/jwks.json"
    public static let metadataPath = "/.well-known/oauth-authorization-server"
    public static let tokenPath = "/api/auth/token"
    public static let introspectionPath = "/api/auth/introspect"

    /// The metadata of `issuer` (a trailing `/` is dropped, so the endpoints join cleanly).
    public init(issuer: String) {
        let base = Self.normalizedIssuer(issuer)
        self.issuer = base
        jwksURI = base + Self.jwksPath
        tokenEndpoint = base + Self.tokenPath
        introspectionEndpoint = base + Self.introspectionPath
    }

    /// `issuer` without trailing slashes: the `iss` of every token.
    public static func normalizedIssuer(_ issuer: String) -> String {
        var base = issuer.trimmingCharacters(in: .whitespacesAndNewlines)
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
