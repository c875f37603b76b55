import Console
import Storage

/// `status`: the database file and the migrations applied per feature (or, with `--remote`, the server),
/// the product and its features.
enum StatusCommand {
    static func command(environment: AppEnvironment) -> Command {
        Command("status", summary: "Show the database, its migrations, and the product's features") { _, context in
            let status: StatusJSON
            if let database = environment.database {
                let migrations = try database.appliedMigrations()
                status = StatusJSON(
                    database: database.path,
                    remote: nil,
                    product: environment.product.name,
                    features: environment.product.features,
                    migrations: migrations.features.map {
                        StatusJSON.FeatureMigrations(feature: $0.feature, applied: $0.applied, pending: $0.pending)
                    })
            } else {
                // The server owns the database and its migrations.
                status = StatusJSON(
                    database: nil,
                    remote: environment.remoteURL?.absoluteString,
                    product: environment.product.name,
                    features: environment.product.features,
                    migrations: nil)
            }
            return .value(status, text: render(status, style: context.style))
        }
    }

    static func render(_ status: StatusJSON, style: Style) -> String {
        var table = Table(headers: [])
        if let database = status.database { table.append([style.bold("database"), database]) }
        if let remote = status.remote { table.append([style.bold("remote"), remote]) }
        table.append([style.bold("product"), status.product])
        table.append([style.bold("features"), status.features.joined(separator: ", ")])
        guard let applied = status.migrations else { return table.render(style: style) }
        var lines = [table.render(style: style), "", style.bold("migrations")]
        if applied.isEmpty {
            lines.append("  none registered")
        } else {
            var migrations = Table(headers: [])
            for feature in applied {
                let pending = feature.pending.isEmpty ? "" : " (\(feature.pending.count) pending)"
                migrations.append([
                    "  " + feature.feature, "\(feature.applied.count) applied\(pending)",
                    feature.applied.last ?? "",
                ])
            }
            lines.append(migrations.render(style: style))
        }
        return lines.joined(separator: "\n")
    }

    struct StatusJSON: Encodable, Sendable {
        struct FeatureMigrations: Encodable, Sendable {
            let feature: String
            let applied: [String]
            let pending: [String]
        }

        /// The SQLite file; absent with `--remote`.
        let database: String?
        /// The server's URL with `--remote`; absent locally.
        let remote: String?
        let product: String
        let features: [String]
        /// Absent with `--remote`: the server applies them.
        let migrations: [FeatureMigrations]?
    }
}
