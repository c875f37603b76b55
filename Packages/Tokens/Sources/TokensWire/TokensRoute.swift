import Identity
import Tokens

/// The paths of Tokens' routes, once, for the server and clients.
public enum TokensRoute {
    /// `POST`, signed in (+ `X-Acting-As-Member`): `TokenRequest` → `TokenResponse`.
    public static let token = AuthorizationServerMetadata.tokenPath
    /// `POST`, HTTP Basic (app id, secret), form `token=`: `IntrospectionResponse`.
    public static let introspect = AuthorizationServerMetadata.introspectionPath
    /// `GET`, public: `JWKSDocument` (`Cache-Control: max-age=300`).
    public static let jwks = AuthorizationServerMetadata.jwksPath
    /// `GET`, public: `AuthorizationServerMetadataJSON`.
    public static let metadata = AuthorizationServerMetadata.metadataPath
    /// `POST`, HTTP Basic: `AccessCheckRequest` → `AccessCheckResponse`.
    public static let accessCheck = "/api/access/check"
    /// `Cache-Control` of the JWKS: as long as a new key waits before it signs, halved, so caches learn it in time.
    public static let jwksCacheControl = "public, max-age=300"
}

extension TokensRoute {
    /// The routes with their methods, for the server's router, clients and the contract tests.
    public static let exchange = WireRoute("POST", token)
    public static let introspection = WireRoute("POST", introspect)
    public static let keySet = WireRoute("GET", jwks)
    public static let serverMetadata = WireRoute("GET", metadata)
    public static let check = WireRoute("POST", accessCheck)

    /// Every route of the feature.
    public static let routes = [exchange, introspection, keySet, serverMetadata, check]
}
