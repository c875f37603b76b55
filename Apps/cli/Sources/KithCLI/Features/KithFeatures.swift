import Circles
import CirclesCommands
import CirclesHTTP
import CirclesWire
import Console
import FamilyCodes
import FamilyCodesCommands
import FamilyCodesHTTP
import Identity
import IdentityBrowser
import IdentityCommands
import IdentityOIDC
import IdentityWire
import KithComposition
import Networking
import Preferences
import PreferencesCommands
import PreferencesHTTP
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
                pins: context.services[(any ExitPinService).self], exitLock: context.exitLock)
        })

    /// Acting as a managed member: `switch`, `profiles`, `whoami`'s acting line.
    public static let profileSession = CommandLineFeature(
        .profileSession,
        plugin: { context in ProfileSessionPlugin(manager: context.session, identity: context.identity) })

    /// Theme and font size; the REPL's colours follow the active member's theme.
    public static let preferences = CommandLineFeature(
        .preferences,
        remote: { context, services in
            services.provide(
                HTTPPreferencesService(client: context.client, token: context.token),
                as: (any PreferencesService).self)
        },
        plugin: { context in
            PreferencesPlugin(
                service: try context.services.require((any PreferencesService).self, by: "preferences"),
                principals: context.session)
        },
        palette: { context, environment in
            guard let service = context.services[(any PreferencesService).self] else { return .dark }
            return await PreferencesPalette.palette(
                service: service, principals: context.session, environment: environment)
        })

    /// Family codes, joins and roles.
    public static let familyCodes = CommandLineFeature(
        .familyCodes,
        remote: { context, services in
            services.provide(
                HTTPFamilyCodeService(client: context.client, token: context.token),
                as: (any FamilyCodeService).self)
        },
        plugin: { context in
            FamilyCodesPlugin(
                service: try context.services.require((any FamilyCodeService).self, by: "familyCodes"),
                principals: context.session, identity: context.identity)
        })

    /// Contacts, circles and the access matrix, shadows and personas; `whoami` shows the active persona, and the REPL
    /// says at the end when access edits were neither saved nor discarded.
    public static let circles = CommandLineFeature(
        .circles,
        remote: { context, services in
            let circles = HTTPCirclesService(client: context.client, token: context.token)
            services.provide(circles, as: (any CirclesService).self)
            services.provide(CirclesPersonas(service: circles), as: (any PersonaSource).self)
        },
        plugin: { context in
            CirclesPlugin(
                service: try context.services.require((any CirclesService).self, by: "circles"),
                principals: context.session)
        },
        farewell: { context in
            guard let service = context.services[(any CirclesService).self] else { return nil }
            return await CirclesFarewell.note(service: service, principals: context.session)
        })
}

/// The providers `KITH_GOOGLE_CLIENT_ID` / `KITH_APPLE_CLIENT_ID` (and their `_ISSUER`, `_CLIENT_SECRET`) set up.
/// An issuer that is not https (outside loopback) leaves every provider unset: "... sign-in is not set up here".
enum ProviderSettings {
    static func of(_ environment: [String: String]) -> [IdentityProvider: ProviderClientSettings] {
        (try? ProviderClientSettings.fromEnvironment(environment)) ?? [:]
    }
}
