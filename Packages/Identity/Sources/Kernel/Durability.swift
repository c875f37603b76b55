/// How a write transaction's commit must reach the disk. The domain decides it per operation (DOMAIN.md,
/// "Durability"); stores only carry it out.
public enum Durability: Sendable, Hashable {
    /// Survives a crash of the process and never corrupts the file, but may lose its last moments on power loss
    /// (SQLite: WAL with `synchronous=NORMAL`). Every operation that does not end access.
    case normal
    /// On disk before the call returns, power loss included (SQLite: that commit with `synchronous=FULL`). The
    /// operations that end access: logout, password change, saved-account removal, member or guardian removal,
    /// family remove, code regenerate, grant revoke, shadow delete, unlink.
    case immediate
}
