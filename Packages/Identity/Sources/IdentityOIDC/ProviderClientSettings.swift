import Accounts
import Foundation

/// How this device signs in with a provider as a native app: the issuer, the app's client id and, for providers
/// that want one from installed apps (Google's desktop clients), a client secret that is not secret.
///
/// Read from the environment: `KITH_GOOGLE_CLIENT_ID`, `KITH_GOOGLE_CLIENT_SECRET` (optional), `KITH_GOOGLE_ISSUER`
/// (default `https://accounts.google.com`), and the same with `APPLE` (CLI.md).
public struct ProviderClientSettings: Sendable, Hashable {
    public var configuration: OIDCProviderConfiguration
    public var clientSecret: String?

    /// Settings for `configuration`'s provider; the first client id is this app's.
    public init(configuration: OIDCProviderConfiguration, clientSecret: String? = nil) {
        self.configuration = configuration
        self.clientSecret = clientSecret
    }

    public var clientId: String { configuration.clientIds[0] }

    /// The settings of every provider `environment` configures (a client id set); a bad issuer is refused.
    public static func fromEnvironment(_ environment: [String: String]) throws(OIDCConfigurationError)
        -> [IdentityProvider: ProviderClientSettings]
    {
        var settings: [IdentityProvider: ProviderClientSettings] = [:]
        for provider in IdentityProvider.allCases {
            let prefix = "KITH_\(provider.rawValue.uppercased())_"
            guard let clientId = environment[prefix + "CLIENT_ID"], !clientId.isEmpty else { continue }
            let issuer =
                environment[prefix + "ISSUER"].flatMap { $0.isEmpty ? nil : $0 }
                ?? OIDCProviderConfiguration.defaultIssuer(of: provider)
            let configuration = try OIDCProviderConfiguration(
                provider: provider, issuer: issuer, clientIds: [clientId])
            settings[provider] = ProviderClientSettings(
                configuration: configuration,
                clientSecret: environment[prefix + "CLIENT_SECRET"].flatMap { $0.isEmpty ? nil : $0 })
        }
        return settings
    }
}
