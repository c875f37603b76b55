import Accounts
import Foundation
import Identity
import IdentityBrowser
import Logging
import Networking

/// The OpenID Connect sign-in of a native app (RFC 8252): the authorization code flow with PKCE (S256), `state` and
/// `nonce`, the redirect caught on 127.0.0.1 at a free port, the URL shown (and opened with `xdg-open` when a
/// display exists), at most 5 minutes to finish, then the code exchanged at the token endpoint for the ID token.
///
/// The ID token is returned unverified: the caller verifies it (locally) or sends it to the server (remote).
public struct AuthorizationCodeFlow: ProviderAuthorization {
    /// How long the person has to finish in the browser.
    public static let timeout = Duration.seconds(300)

    let settings: [IdentityProvider: ProviderClientSettings]
    let client: any HTTPClient
    let environment: [String: String]
    let logger: Logger

    /// The flow for the providers of `settings`, over `client`; `environment` tells whether a display exists.
    public init(
        settings: [IdentityProvider: ProviderClientSettings], client: any HTTPClient,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "kith.oidc", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.settings = settings
        self.client = client
        self.environment = environment
        self.logger = logger
    }

    public func isConfigured(_ provider: IdentityProvider) -> Bool { settings[provider] != nil }

    public func authorize(
        _ provider: IdentityProvider, firstName: String?, lastName: String?, show: @Sendable (String) -> Void
    ) async throws -> ProviderSignIn {
        guard let providerSettings = settings[provider] else { throw IdentityError.providerNotConfigured(provider) }
        do {
            let discovery = try await discover(providerSettings.configuration)
            let secrets = AuthorizationSecrets()
            let listener = try LoopbackRedirectListener()
            let url = try Self.authorizationURL(discovery, providerSettings, secrets, redirectURI: listener.redirectURI)
            show(url.absoluteString)
            SystemBrowser.open(url.absoluteString, environment: environment)
            let query = try await listener.waitForRedirect(timeout: Self.timeout)
            guard query["state"] == secrets.state else { throw FlowFailure.stateMismatch }
            guard let code = query["code"], query["error"] == nil else { throw FlowFailure.denied }
            let idToken = try await exchange(
                code, discovery, providerSettings, secrets, redirectURI: listener.redirectURI)
            return ProviderSignIn(
                provider: provider, idToken: idToken, nonce: secrets.nonce, firstName: firstName, lastName: lastName)
        } catch let failure as FlowFailure {
            logger.notice(
                "Sign-in flow failed", metadata: ["provider": "\(provider.rawValue)", "reason": "\(failure)"])
            throw IdentityError.providerSignInFailed(provider)
        } catch LoopbackError.timedOut {
            logger.notice("Sign-in flow failed", metadata: ["provider": "\(provider.rawValue)", "reason": "timeout"])
            throw IdentityError.providerSignInFailed(provider)
        }
    }

    /// Why the flow stopped, for the log.
    enum FlowFailure: Error {
        case discovery, stateMismatch, denied, exchange
    }

    private func discover(_ configuration: OIDCProviderConfiguration) async throws -> DiscoveryDocument {
        guard let url = configuration.discoveryURL,
            let response = try? await client.send(HTTPRequest(url: url)), response.isSuccess,
            let document = try? JSONDecoder().decode(DiscoveryDocument.self, from: response.body),
            document.issuer == configuration.issuer
        else { throw FlowFailure.discovery }
        return document
    }

    static func authorizationURL(
        _ discovery: DiscoveryDocument, _ settings: ProviderClientSettings, _ secrets: AuthorizationSecrets,
        redirectURI: String
    ) throws -> URL {
        guard let endpoint = URL(string: discovery.authorizationEndpoint),
            OIDCProviderConfiguration.isAllowed(endpoint),
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else { throw FlowFailure.discovery }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "client_id", value: settings.clientId),
                URLQueryItem(name: "redirect_uri", value: redirectURI),
                URLQueryItem(name: "scope", value: "openid email profile"),
                URLQueryItem(name: "state", value: secrets.state),
                URLQueryItem(name: "nonce", value: secrets.nonce),
                URLQueryItem(name: "code_challenge", value: secrets.codeChallenge),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
            ]
        guard let url = components.url else { throw FlowFailure.discovery }
        return url
    }

    private func exchange(
        _ code: String, _ discovery: DiscoveryDocument, _ settings: ProviderClientSettings,
        _ secrets: AuthorizationSecrets, redirectURI: String
    ) async throws -> String {
        guard let endpoint = URL(string: discovery.tokenEndpoint), OIDCProviderConfiguration.isAllowed(endpoint)
        else { throw FlowFailure.discovery }
        var fields = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("client_id", settings.clientId), ("code_verifier", secrets.codeVerifier),
        ]
        if let secret = settings.clientSecret { fields.append(("client_secret", secret)) }
        let request = HTTPRequest(
            method: .post, url: endpoint, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(Self.formEncoded(fields).utf8))
        guard let response = try? await client.send(request), response.isSuccess,
            let body = try? JSONDecoder().decode(TokenResponse.self, from: response.body)
        else { throw FlowFailure.exchange }
        return body.idToken
    }

    struct TokenResponse: Decodable {
        var idToken: String

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
        }
    }

    /// `application/x-www-form-urlencoded`: every byte but unreserved ones percent-encoded.
    static func formEncoded(_ fields: [(String, String)]) -> String {
        let allowed = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return fields.map { name, value in
            let escaped = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
            return "\(name)=\(escaped)"
        }.joined(separator: "&")
    }
}
