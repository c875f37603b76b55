import IdentitySQL
import Preferences
import Storage

extension SQLAccountDataShare {
    /// Preferences' share in deleting and exporting an account (`PreferencesAccountData`), and in graduation: the
    /// member's values become the new account's (`PreferencesCarryOver`).
    public static let preferences = SQLAccountDataShare(
        feature: "preferences",
        delete: { deletion, connection in
            try PreferencesAccountData.delete(deletion, SQLPreferencesTransaction(connection))
        },
        export: { subject, connection in
            try PreferencesAccountData.export(subject, SQLPreferencesTransaction(connection))
        },
        graduate: { graduation, connection in
            try PreferencesCarryOver.carryOver(graduation, SQLPreferencesTransaction(connection))
        })
}
