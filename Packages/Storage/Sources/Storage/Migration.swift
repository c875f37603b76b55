import GRDB

/// One schema step of a feature; its identifier in the database is `<feature>.<n>-<name>`.
public struct Migration: Sendable {
    public let name: String
    public let apply: @Sendable (Database) throws -> Void

    public init(_ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.apply = apply
    }
}

/// The ordered migrations one feature registers with Storage.
public struct FeatureMigrations: Sendable {
    public let feature: String
    public let migrations: [Migration]

    public init(feature: String, migrations: [Migration]) {
        self.feature = feature
        self.migrations = migrations
    }

    /// The identifiers GRDB records, in order: `identity.1-accounts`, `identity.2-sessions`, ...
    public var identifiers: [String] {
        migrations.indices.map { "\(feature).\($0 + 1)-\(migrations[$0].name)" }
    }
}

/// The migrations applied to a file, grouped by feature, in the order they were registered.
public struct AppliedMigrations: Sendable, Equatable {
    public struct Feature: Sendable, Equatable {
        public let feature: String
        public let applied: [String]
        public let pending: [String]
    }

    public let features: [Feature]
}
