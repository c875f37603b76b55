import Circles
import IdentitySQL

extension SQLAccountDataShare {
    /// Circles' share in an account's deletion and export (`CirclesAccountData`'s rules), over the deletion's or
    /// export's own connection, as `SQLStore(circlesOn:)` sees a transaction.
    public static let circles = SQLAccountDataShare(
        feature: "circles",
        delete: { deletion, connection in
            try CirclesAccountData.delete(deletion, SQLCirclesTransaction(connection))
        },
        export: { subject, connection in
            try CirclesAccountData.export(subject, SQLCirclesTransaction(connection))
        })
}
