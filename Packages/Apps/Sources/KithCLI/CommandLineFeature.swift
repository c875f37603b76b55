import Accounts
import Console
import Device
import Foundation
import Identity
import KithComposition
import Networking
import ProfileSession

/// One feature as a REPL app (`kith`, `movienight`) composes it: the feature itself (schema, account data, local
/// rules), its services when the app talks to a server, its commands, and what it adds to the REPL around them.
///
/// Kith's features (`CommandLineFeature.identity`...) and an outside product's are made the same way; an app is
/// `KithApp(name:version:features:products:)` over a list of them.
public struct CommandLineFeature: Sendable {
    public let feature: Feature
    /// Its services as HTTP clients of a server (`--remote`), provided as the same protocols as the local ones; nil
    /// for a feature with no services of its own.
    public let remote: (@Sendable (RemoteContext, inout FeatureServices) throws -> Void)?
    /// Its commands over the composition's services; nil for a feature without commands.
    public let plugin: (@Sendable (PluginContext) throws -> any Plugin)?
    /// The REPL's colours for whoever is active; the first feature that has them decides.
    public let palette: (@Sendable (PluginContext, [String: String]) async -> Style.Palette)?
    /// What to say when the REPL ends (work neither saved nor discarded).
    public let farewell: (@Sendable (PluginContext) async -> String?)?

    public var name: String { feature.name }

    public init(
        _ feature: Feature,
        remote: (@Sendable (RemoteContext, inout FeatureServices) throws -> Void)? = nil,
        plugin: (@Sendable (PluginContext) throws -> any Plugin)? = nil,
        palette: (@Sendable (PluginContext, [String: String]) async -> Style.Palette)? = nil,
        farewell: (@Sendable (PluginContext) async -> String?)? = nil
    ) {
        self.feature = feature
        self.remote = remote
        self.plugin = plugin
        self.palette = palette
        self.farewell = farewell
    }
}

/// What a remote composition gives every feature: the server's JSON client, and the bearer token of a caller.
public struct RemoteContext: Sendable {
    public let client: JSONClient
    public let token: @Sendable (Principal) async throws -> String
    /// The process's environment (a feature's own settings).
    public let environment: [String: String]
}

/// What every feature's commands are made over: the composition's services, and the app's own parts every feature
/// shares (the account service, this device, who the caller is and acts as).
public struct PluginContext: Sendable {
    public let services: FeatureServices
    public let identity: any IdentityService
    public let device: ThisDevice
    /// Who the account acts as: every command takes its caller from here, so acting reaches every feature.
    public let session: ProfileSessionManager
    /// The exit lock of a member this device is locked to, when the composition keeps one.
    public let exitLock: ExitLock?
    /// The process's environment: empty when the app only looks (help, completion).
    public let environment: [String: String]
    /// The product the commands are offered in.
    public let product: Product
}

/// A product: the features whose commands it offers, among those its app was built with. Every product opens the
/// file with every feature's migrations, so the same database works whichever product opens it.
public struct Product: Equatable, Sendable {
    public let name: String
    /// Feature names, in the order their commands are listed.
    public let features: [String]

    public init(name: String, features: [String]) {
        self.name = name
        self.features = features
    }
}
