import Console
import Identity
import IdentityCommands
import IdentitySQLite
import Storage

/// The composition root: opens the database with every feature's migrations, builds the services over it,
/// and the product's plugins over the services.
///
/// Swapping a local service for a remote one happens here and only here.
public struct AppEnvironment: Sendable {
    public let database: KithDatabase
    public let product: Product
    public let identity: any IdentityService
    /// The plugins of the product's features, in the product's order.
    public let plugins: [any Plugin]

    /// Every feature's migrations, whatever the product, so any product can open any file.
    public static let migrations: [FeatureMigrations] = [IdentityMigrations.all]

    /// The local composition: SQLite at `databasePath`, services running the rules in this process.
    public static func local(databasePath: String, product: Product) throws(StorageError) -> AppEnvironment {
        let database = try KithDatabase.open(at: databasePath, features: migrations)
        let identity = LocalIdentityService(store: SQLiteIdentityStore(database: database))
        return AppEnvironment(
            database: database, product: product, identity: identity,
            plugins: plugins(for: product, identity: identity))
    }

    /// The REPL prompt: who is signed in.
    public func prompt() async -> String { await IdentityPrompt.text(service: identity) }

    /// The product's features whose packages are built into this kith.
    static func availableFeatures(of product: Product) -> [Feature] {
        product.features.filter { feature in
            switch feature {
            case .identity: true
            // Each feature is added here as its package lands.
            case .profileSession, .preferences, .familyCodes, .circles: false
            }
        }
    }

    private static func plugins(for product: Product, identity: any IdentityService) -> [any Plugin] {
        availableFeatures(of: product).compactMap { feature -> (any Plugin)? in
            switch feature {
            case .identity: IdentityPlugin(service: identity)
            case .profileSession, .preferences, .familyCodes, .circles: nil
            }
        }
    }
}
