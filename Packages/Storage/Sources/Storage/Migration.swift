/// One schema step of a feature; its identifier in the database is `<feature>.<n>-<name>`.
///
/// Written once for both engines: the SQL is asked of the step per dialect, so a column type or a trigger is the
/// only thing spelled twice. A step that exists on one engine only (one that fixed what the other never had)
/// answers nil for the other, and is not counted in that engine's numbering.
public struct Migration: Sendable {
    public let name: String
    public let sql: @Sendable (SQLDialect) -> String?

    /// A step whose SQL depends on the engine (nil: no such step there).
    public init(_ name: String, sql: @escaping @Sendable (SQLDialect) -> String?) {
        self.name = name
        self.sql = sql
    }

    /// A step whose SQL is the same on both engines.
    public init(_ name: String, _ sql: String) {
        self.init(name, sql: { _ in sql })
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

    /// The steps that exist on `dialect`, in order, with the identifiers recorded there: `identity.1-accounts`...
    public func steps(for dialect: SQLDialect) -> [(identifier: String, sql: String)] {
        var steps: [(identifier: String, sql: String)] = []
        for migration in migrations {
            guard let sql = migration.sql(dialect) else { continue }
            steps.append(("\(feature).\(steps.count + 1)-\(migration.name)", sql))
        }
        return steps
    }

    /// The identifiers recorded on `dialect`, in order.
    public func identifiers(for dialect: SQLDialect) -> [String] { steps(for: dialect).map(\.identifier) }
}

extension SQLDialect {
    /// A date column's type (stored in UTC).
    public var timestamp: String { self == .sqlite ? "DATETIME" : "TIMESTAMPTZ" }

    /// A true-or-false column's type.
    public var boolean: String { self == .sqlite ? "INTEGER" : "BOOLEAN" }

    /// False, as `boolean` columns spell it in a default.
    public var `false`: String { self == .sqlite ? "0" : "false" }

    /// A key numbering rows in creation order.
    public var autoIncrementKey: String {
        self == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
    }

    /// After a table keyed by its primary key alone: SQLite then keeps one b-tree, not a rowid table and an index
    /// (PostgreSQL's tables are heaps either way).
    public var withoutRowID: String { self == .sqlite ? " WITHOUT ROWID" : "" }
}

/// The migrations applied to a file, grouped by feature, in the order they were registered.
public struct AppliedMigrations: Sendable, Equatable {
    public struct Feature: Sendable, Equatable {
        public let feature: String
        public let applied: [String]
        public let pending: [String]

        public init(feature: String, applied: [String], pending: [String]) {
            self.feature = feature
            self.applied = applied
            self.pending = pending
        }
    }

    public let features: [Feature]

    public init(features: [Feature]) {
        self.features = features
    }
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
