import CirclesServer
import EventsServer
import FamilyCodesServer
import KithComposition
import KithServer
import PreferencesServer
import TokensServer

extension ServerApp {
    /// `kith-server`'s features, in the order their migrations apply: the one list, beside its main so tests serve
    /// the same features.
    public static let kithFeatures: [ServerFeature] = [
        .identity, .profileSession, .preferences, .familyCodes, .circles, .tokens, .events,
    ]

    /// `kith-server`: every Kith feature over HTTP.
    public static func kith() throws(CompositionError) -> ServerApp {
        try ServerApp(name: "kith-server", features: kithFeatures)
    }
}
