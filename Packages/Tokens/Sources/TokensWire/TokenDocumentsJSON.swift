import Tokens

/// `GET /.well-known/jwks.json` (RFC 7517 5): every key that may still verify a live token, or soon sign one.
public struct JWKSDocument: Codable, Sendable, Hashable {
    public var keys: [JWKJSON]

    public init(keys: [JWKJSON]) { self.keys = keys }

    public init(_ keys: [PublishedKey]) { self.init(keys: keys.map(JWKJSON.init)) }
}

/// One public P-256 key (RFC 7518 6.2.1), for ES256 signatures.
public struct JWKJSON: Codable, Sendable, Hashable {
    public var kty: String
    public var crv: String
    public var x: String
    public var y: String
    public var kid: String
    public var alg: String
    public var use: String

    public init(kty: String, crv: String, x: String, y: String, kid: String, alg: String, use: String) {
        self.kty = kty
        self.crv = crv
        self.x = x
        self.y = y
        self.kid = kid
        self.alg = alg
        self.use = use
    }

    public init(_ key: PublishedKey) {
        self.init(kty: "EC", crv: "P-256", x: key.x, y: key.y, kid: key.id, alg: "ES256", use: "sig")
    }
}

/// `GET /.well-known/oauth-authorization-server` (RFC 8414 2).
public struct AuthorizationServerMetadataJSON: Codable, Sendable, Hashable {
    public var issuer: String
    public var jwksURI: String
    public var tokenEndpoint: String
    public var introspectionEndpoint: String
    public var grantTypesSupported: [String]
    public var responseTypesSupported: [String]
    public var tokenEndpointAuthMethodsSupported: [String]
    public var introspectionEndpointAuthMethodsSupported: [String]

    enum CodingKeys: String, CodingKey {
        case issuer
        case jwksURI = "jwks_uri"
        case tokenEndpoint = "token_endpoint"
        case introspectionEndpoint = "introspection_endpoint"
        case grantTypesSupported = "grant_types_supported"
        case responseTypesSupported = "response_types_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case introspectionEndpointAuthMethodsSupported = "introspection_endpoint_auth_methods_supported"
    }

    public init(_ metadata: AuthorizationServerMetadata) {
        issuer = metadata.issuer
        jwksURI = metadata.jwksURI
        tokenEndpoint = metadata.tokenEndpoint
        introspectionEndpoint = metadata.introspectionEndpoint
        grantTypesSupported = metadata.grantTypesSupported
        responseTypesSupported = metadata.responseTypesSupported
        tokenEndpointAuthMethodsSupported = metadata.tokenEndpointAuthMethodsSupported
        introspectionEndpointAuthMethodsSupported = metadata.introspectionEndpointAuthMethodsSupported
    }
}
