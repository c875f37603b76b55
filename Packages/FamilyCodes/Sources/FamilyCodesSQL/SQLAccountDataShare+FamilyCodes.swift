import FamilyCodes
import IdentitySQL
import Storage

extension SQLAccountDataShare {
    /// FamilyCodes' share in deleting and exporting an account (`FamilyCodesAccountData`).
    public static let familyCodes = SQLAccountDataShare(
        feature: "familyCodes",
        delete: { deletion, connection in
            try FamilyCodesAccountData.delete(
                deletion, SQLFamilyCodeTransaction(connection), SQLIdentityTransaction(connection))
        },
        export: { subject, connection in
            try FamilyCodesAccountData.export(
                subject, SQLFamilyCodeTransaction(connection), SQLIdentityTransaction(connection))
        })
}
