import Console
import Storage

/// `status`: the database file, the migrations applied per feature, the product and its features.
enum StatusCommand {
    static func command(environment: AppEnvironment) -> Command {
        Command("status", summary: "Show the database, its migrations, and the product's features") { _, context in
            let migrations = try environment.database.appliedMigrations()
            let status = StatusJSON(
                database: environment.database.path,
                product: environment.product.name,
                features: environment.product.features.map(\.rawValue),
                migrations: migrations.features.map {
                    StatusJSON.FeatureMigrations(feature: $0.feature, applied: $0.applied, pending: $0.pending)
                })
            return .value(status, text: render(status, style: context.style))
        }
    }

    static func render(_ status: StatusJSON, style: Style) -> String {
        var table = Table(headers: [])
        table.append([style.bold("database"), status.database])
        table.append([style.bold("product"), status.product])
        table.append([style.bold("features"), status.features.joined(separator: ", ")])
        var lines = [table.render(style: style), "", style.bold("migrations")]
        if status.migrations.isEmpty {
            lines.append("  none registered")
        } else {
            var migrations = Table(headers: [])
            for feature in status.migrations {
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

        let database: String
        let product: String
        let features: [String]
        let migrations: [FeatureMigrations]
    }
}
