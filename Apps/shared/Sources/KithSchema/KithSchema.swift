import CirclesSQL
import FamilyCodesSQL
import IdentitySQL
import PreferencesSQL
import Storage

/// The database schema every Kith app opens: each feature's migrations, in the one order they apply.
///
/// `kith` and `kith-server` both use this list, whatever product they run and on either engine, so any app can open
/// any file or database.
public enum KithSchema {
    /// Preferences comes after Identity (its trigger watches Identity's member table); FamilyCodes and
    /// Circles refer to Identity's tables too.
    public static let migrations: [FeatureMigrations] = [
        IdentityMigrations.all, PreferencesMigrations.all, FamilyCodesMigrations.all, CirclesMigrations.all,
    ]
}
