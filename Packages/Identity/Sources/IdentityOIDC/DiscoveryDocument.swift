/// The parts of an OpenID provider's discovery document (`/.well-known/openid-configuration`) Kith reads.
public struct DiscoveryDocument: Codable, Sendable, Equatable {
    public var issuer: String
    public var authorizationEndpoint: String
    public var tokenEndpoint: String
    public var jwksURI: String

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case jwksURI = "jwks_uri"
    }

    public init(issuer: String, authorizationEndpoint: String, tokenEndpoint: String, jwksURI: String) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.jwksURI = jwksURI
    }
}
