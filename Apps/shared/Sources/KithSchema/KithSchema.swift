import CirclesSQL
import FamilyCodesSQL
import IdentitySQL
import PreferencesSQL
import Storage

/// The database schema every Kith app opens: each feature once, with its migrations and its share in an account's
/// data, in the one order the migrations apply.
///
/// `kith` and `kith-server` both use this list, whatever product they run and on either engine, so any app can open
/// any file or database, and deleting or exporting an account covers every feature that has tables.
public enum KithSchema {
    /// One feature's part of the schema. Identity's share in an account's data is the deletion's and export's own
    /// rules, so it has none here.
    public struct Feature: Sendable {
        public let migrations: FeatureMigrations
        public let accountData: SQLAccountDataShare?
    }

    /// Preferences comes after Identity (its trigger watches Identity's member table); FamilyCodes and
    /// Circles refer to Identity's tables too.
    public static let features: [Feature] = [
        Feature(migrations: IdentityMigrations.all, accountData: nil),
        Feature(migrations: PreferencesMigrations.all, accountData: .preferences),
        Feature(migrations: FamilyCodesMigrations.all, accountData: .familyCodes),
        Feature(migrations: CirclesMigrations.all, accountData: .circles),
    ]

    /// Every feature's migrations, in order.
    public static var migrations: [FeatureMigrations] { features.map(\.migrations) }

    /// Every feature's share in deleting and exporting an account, in migration order.
    public static var accountData: [SQLAccountDataShare] { features.compactMap(\.accountData) }
}
