import CirclesCLI
import EventsCLI
import FamilyCodesCLI
import KithCLI
import KithComposition
import PreferencesCLI
import TokensCLI

extension KithApp {
    /// `kith`: every Kith feature, and the products CLI.md names (`--product`).
    ///
    /// The one list of `kith`'s features, beside its main so tests run the same app; a product built on Kith writes
    /// its own (Examples/movienight). A feature added to Kith is one line here, and `all` offers it.
    public static func kith() throws(CompositionError) -> KithApp {
        let features: [CommandLineFeature] = [
            .identity, .profileSession, .preferences, .familyCodes, .circles, .tokens, .events,
        ]
        return try KithApp(
            name: "kith", version: VersionCommand.version, features: features,
            products: [
                Product(name: "all", features: features.map(\.name)),
                Product(name: "movienight", features: ["identity", "profileSession", "preferences"]),
                Product(name: "compass", features: ["identity", "familyCodes", "preferences"]),
                Product(name: "rin", features: ["identity", "circles", "preferences"]),
            ])
    }
}
