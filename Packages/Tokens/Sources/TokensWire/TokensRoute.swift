import Kernel
import Tokens

/// Tokens' routes, each path once: the four OAuth documents' and endpoints' paths are the ones the metadata
/// (`AuthorizationServerMetadata`) names, so the router, the clients and the metadata cannot disagree.
public enum TokensRoute {
    /// `POST`, signed in (+ `X-Acting-As-Member`): `TokenRequest` (or RFC 8693's form) → `TokenResponse`.
    public static let exchange = WireRoute("POST", AuthorizationServerMetadata.tokenPath)
    /// `POST`, HTTP Basic (app id, secret), form `token=`: `IntrospectionResponse`.
    public static let introspection = WireRoute("POST", AuthorizationServerMetadata.introspectionPath)
    /// `GET`, public: `JWKSDocument` (`Cache-Control: max-age=300`).
    public static let keySet = WireRoute("GET", AuthorizationServerMetadata.jwksPath)
    /// `GET`, public: `AuthorizationServerMetadataJSON`.
    public static let serverMetadata = WireRoute("GET", AuthorizationServerMetadata.metadataPath)
    /// `POST`, HTTP Basic: `AccessCheckRequest` → `AccessCheckResponse`.
    public static let check = WireRoute("POST", "/api/access/check")

    /// Every route of the feature, for the server's router, clients and the contract tests.
    public static let routes = [exchange, introspection, keySet, serverMetadata, check]

    /// `Cache-Control` of the JWKS: as long as a new key waits before it signs, halved, so caches learn it in time.
    public static let jwksCacheControl = "public, max-age=300"
}
