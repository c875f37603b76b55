import Circles
import Households
import IdentitySQL
import Storage

extension SQLStore: CirclesStore where Transaction == (any CirclesStoreTransaction, any HouseholdsStoreTransaction) {
    /// `CirclesStore` on `database` (opened with `IdentityMigrations.all` and `CirclesMigrations.all`), SQLite's shared
    /// Kith file or PostgreSQL's pool: each transaction reads and writes both Circles' and Identity's tables. On
    /// PostgreSQL a write is SERIALIZABLE and runs again whole when it loses to a concurrent one (so a per-owner cap,
    /// such as ten pending requests from one viewer, holds with any number of servers); on SQLite writes take turns.
    public init(circlesOn database: any SQLDatabase) {
        self.init(database: database) { (SQLCirclesTransaction($0), SQLIdentityTransaction($0)) }
    }

    /// The owner's `circles_versions` row, which triggers bump on every change to a row of that owner by any
    /// connection, process or server, in the same transaction: read in any transaction, it is the version of the
    /// owner's data that transaction sees. Writes to different accounts bump different rows, so they never wait for
    /// each other; see `SQLCirclesTransaction` for the token of a transaction that has written.
    public func changeToken(owner: String) async throws -> ChangeToken {
        try await read { circles, _ in try circles.changeToken(owner: owner) }
    }
}
