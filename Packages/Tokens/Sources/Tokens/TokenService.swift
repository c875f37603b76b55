import Accounts

/// What the server's routes and the operator's commands call: registered apps, signing keys, tokens, introspection
/// and access checks. `LocalTokenService` is the rules over a store.
public protocol TokenService: Sendable {
    // MARK: - Apps (operator)

    /// Registers an app named `name`, with a webhook at `webhookURL` when given: its secrets, shown once.
    func addApp(name: String, webhookURL: String?) async throws -> AppSecrets
    /// Every registered app, oldest first.
    func apps() async throws -> [RegisteredApp]
    /// Removes the app `id`: its tokens stop introspecting, and none are issued for it.
    func removeApp(id: String) async throws -> RegisteredApp
    /// Replaces the app's secret (the webhook secret stays): the new one, shown once.
    func rotateSecret(appId: String) async throws -> AppSecrets

    // MARK: - Keys (operator)

    /// Adds a signing key (published at once, signing after `KeyRotation.publishDelay` when another key exists) and
    /// deletes the keys that verify nothing any more.
    func rotateKey() async throws -> SigningKeyInfo
    /// Every stored key and where it stands.
    func keys() async throws -> [SigningKeyInfo]

    // MARK: - Tokens

    /// A token for the app `audience`, about the principal's account, or, when it acts as a managed member, about the
    /// member with the account as `act`.
    func issue(_ principal: Principal, audience: String) async throws -> IssuedToken
    /// RFC 7662 for the app `credentials` name: whether `token` is one of its live tokens.
    func introspect(_ token: String, by credentials: AppCredentials) async throws -> Introspection
    /// Every key the JWKS publishes now.
    func publishedKeys() async throws -> [PublishedKey]
    /// RFC 8414 metadata of this issuer.
    var metadata: AuthorizationServerMetadata { get }

    // MARK: - Circles for an app's content

    /// Each check's answer, in order (at most `LocalTokenService.checkLimit`).
    func check(_ checks: [AccessCheck], by credentials: AppCredentials) async throws -> [Bool]
}
