import IdentitySQL
import Kernel
import Storage

/// A list of features checked to work together, and the services they build over one database.
///
/// An app makes one at start from the features it was built with: two features with one name or one migration id are
/// refused here, naming both, before a file is opened or a port taken.
public struct Composition: Sendable {
    public let features: [Feature]

    /// `features` in the order their migrations apply and their services are built (a feature after those it uses).
    public init(_ features: [Feature]) throws(CompositionError) {
        var owners: [String: String] = [:]
        for feature in features {
            if owners[feature.name] != nil {
                throw CompositionError("Two features are named \(feature.name)")
            }
            owners[feature.name] = feature.name
        }
        // Every migration id starts with its FeatureMigrations' name (`preferences.1-values`), so two features share
        // an id only when they share that name. Compared by name: listing the ids would build every step's SQL,
        // which `kith version` would pay at each start.
        var migrationOwners: [String: String] = [:]
        for feature in features {
            guard let migrations = feature.migrations else { continue }
            if let owner = migrationOwners[migrations.feature] {
                throw CompositionError(
                    "The features \(owner) and \(feature.name) both register the migrations \(migrations.feature).*")
            }
            migrationOwners[migrations.feature] = feature.name
        }
        var eventOwners: [String: String] = [:]
        for feature in features {
            for type in feature.events {
                guard EventType.isWellFormed(type.name) else {
                    throw CompositionError(
                        "The feature \(feature.name) declares the event type \(type.name), which is not area.change "
                            + "in lower-case words")
                }
                if let owner = eventOwners[type.name] {
                    throw CompositionError(
                        "The features \(owner) and \(feature.name) both declare the event \(type.name)")
                }
                eventOwners[type.name] = feature.name
            }
        }
        self.features = features
    }

    /// Every feature's migrations, in order: what an app opens its database with, whatever product it runs.
    public var migrations: [FeatureMigrations] { features.compactMap(\.migrations) }

    /// Every event type the features declare, in the composition's order.
    public var eventTypes: [EventType] { features.flatMap(\.events) }

    /// Every feature's share in an account's data, in migration order.
    public var accountData: [SQLAccountDataShare] { features.compactMap(\.accountData) }

    /// The services of every feature (or of those `named`, in the composition's order) over `database`, which was
    /// opened with `migrations`.
    public func local(
        database: any SQLDatabase, options: CompositionOptions = CompositionOptions(), named: Set<String>? = nil
    ) throws -> FeatureServices {
        let context = LocalContext(database: database, options: options, accountData: accountData)
        var services = FeatureServices()
        for feature in features where named?.contains(feature.name) ?? true {
            try feature.local?(context, &services)
        }
        return services
    }
}
