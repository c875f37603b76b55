import KithCLI
import KithComposition

extension KithApp {
    /// `kith`: every Kith feature, and the products CLI.md names (`--product`).
    ///
    /// The one list of `kith`'s features, beside its main so tests run the same app; a product built on Kith writes
    /// its own (Examples/movienight).
    public static func kith() throws(CompositionError) -> KithApp {
        try KithApp(
            name: "kith", version: VersionCommand.version,
            features: [.identity, .profileSession, .preferences, .familyCodes, .circles],
            products: [
                Product(
                    name: "all", features: ["identity", "profileSession", "preferences", "familyCodes", "circles"]),
                Product(name: "movienight", features: ["identity", "profileSession", "preferences"]),
                Product(name: "compass", features: ["identity", "familyCodes", "preferences"]),
                Product(name: "rin", features: ["identity", "circles", "preferences"]),
            ])
    }
}
