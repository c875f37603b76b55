import Accounts
import Foundation

/// One OpenID Connect provider as a server or device is configured for it: its issuer and the client ids of one
/// app (web, iOS, Android) whose tokens it accepts.
public struct OIDCProviderConfiguration: Sendable, Hashable {
    public var provider: IdentityProvider
    /// The issuer exactly as tokens name it (`https://accounts.google.com`), without a trailing slash.
    public var issuer: String
    public var clientIds: [String]

    /// A configuration; the issuer must be https, or http on a loopback address (tests), and there must be a
    /// client id.
    public init(provider: IdentityProvider, issuer: String, clientIds: [String]) throws(OIDCConfigurationError) {
        let issuer = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        guard let url = URL(string: issuer), Self.isAllowed(url) else {
            throw .issuerNotSecure(provider: provider, issuer: issuer)
        }
        guard !clientIds.isEmpty, !clientIds.contains(where: \.isEmpty) else { throw .noClientId(provider) }
        self.provider = provider
        self.issuer = issuer
        self.clientIds = clientIds
    }

    /// The issuer's own well-known issuers, used when none is given.
    public static func defaultIssuer(of provider: IdentityProvider) -> String {
        switch provider {
        case .google: "https://accounts.google.com"
        case .apple: "https://appleid.apple.com"
        }
    }

    /// Where the discovery document is.
    public var discoveryURL: URL? { URL(string: issuer + "/.well-known/openid-configuration") }

    /// https anywhere; plain http only on a loopback address, where nothing can listen in between.
    public static func isAllowed(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": url.host != nil
        case "http": ["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host?.lowercased() ?? "")
        default: false
        }
    }
}

/// A provider configuration that cannot work; `description` says what to fix.
public enum OIDCConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    case issuerNotSecure(provider: IdentityProvider, issuer: String)
    case noClientId(IdentityProvider)

    public var description: String {
        switch self {
        case .issuerNotSecure(let provider, let issuer):
            "The \(provider.displayName) issuer must be an https URL (http only on a loopback address): \(issuer)"
        case .noClientId(let provider): "Give at least one \(provider.displayName) client id"
        }
    }
}
