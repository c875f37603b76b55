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

/// Where a database's schema stands against the migrations a build knows: what `kith-server migrate --check` and
/// `/health/ready` report.
public struct MigrationStatus: Sendable, Equatable {
    /// Known to this build and not applied yet, in the order they would be applied.
    public let pending: [String]
    /// Applied by a newer build and unknown to this one (a fleet in the middle of an upgrade), in the order found.
    public let unknown: [String]

    /// The status of a database that has `applied` against a build that knows `known` (in order).
    public init(known: [String], applied: [String]) {
        let appliedSet = Set(applied)
        let knownSet = Set(known)
        pending = known.filter { !appliedSet.contains($0) }
        unknown = applied.filter { !knownSet.contains($0) }
    }

    /// Nothing left to apply.
    public var isCurrent: Bool { pending.isEmpty }
}
