import Console
import Storage

/// The composition root: opens the database with every feature's migrations and builds the product's plugins.
///
/// Swapping a local service for a remote one happens here and only here.
public struct AppEnvironment: Sendable {
    public let database: KithDatabase
    public let product: Product
    /// The plugins of the product's features, in the product's order.
    public let plugins: [any Plugin]

    /// Every feature's migrations, whatever the product, so any product can open any file.
    public static let migrations: [FeatureMigrations] = []

    /// The local composition: SQLite at `databasePath`, services running the rules in this process.
    public static func local(databasePath: String, product: Product) throws(StorageError) -> AppEnvironment {
        let database = try KithDatabase.open(at: databasePath, features: migrations)
        return AppEnvironment(database: database, product: product, plugins: plugins(for: product))
    }

    /// The product's features whose packages are built into this kith.
    static func availableFeatures(of product: Product) -> [Feature] {
        product.features.filter { feature in
            switch feature {
            // Each feature is added here as its package lands.
            case .identity, .profileSession, .preferences, .familyCodes, .circles: false
            }
        }
    }

    private static func plugins(for product: Product) -> [any Plugin] {
        availableFeatures(of: product).compactMap { feature -> (any Plugin)? in
            switch feature {
            case .identity, .profileSession, .preferences, .familyCodes, .circles: nil
            }
        }
    }
}
