import Accounts
import Console
import Households
import IdentityBrowser
import IdentityCommands
import IdentityOIDC
import IdentityWire
import KithComposition
import Networking
import ProfileSessionCommands

// Kith's own features as a REPL app composes them, made exactly as an outside product's are.

extension CommandLineFeature {
    /// Accounts, sessions, households and members, this device, two-step and passkeys. Its remote services are the
    /// app's own (every other feature's requests carry its tokens).
    public static let identity = CommandLineFeature(
        .identity,
        plugin: { context in
            let environment = context.environment
            return IdentityPlugin(
                service: context.identity, device: context.device, principals: context.session,
                personas: context.services[(any PersonaSource).self],
                authorization: AuthorizationCodeFlow(
                    settings: ProviderSettings.of(environment), client: CurlHTTPClient(), environment: environment),
                passkeys: BrowserPasskeyClient(environment: environment),
                pins: context.services[(any ExitPinService).self], exitLock: context.exitLock,
                approvals: context.services[(any ApprovalService).self])
        })

    /// Acting as a managed member: `switch`, `profiles`, `whoami`'s acting line.
    public static let profileSession = CommandLineFeature(
        .profileSession,
        plugin: { context in ProfileSessionPlugin(manager: context.session, identity: context.identity) })

}

/// The providers `KITH_GOOGLE_CLIENT_ID` / `KITH_APPLE_CLIENT_ID` (and their `_ISSUER`, `_CLIENT_SECRET`) set up.
/// An issuer that is not https (outside loopback) leaves every provider unset: "... sign-in is not set up here".
enum ProviderSettings {
    static func of(_ environment: [String: String]) -> [IdentityProvider: ProviderClientSettings] {
        (try? ProviderClientSettings.fromEnvironment(environment)) ?? [:]
    }
}
