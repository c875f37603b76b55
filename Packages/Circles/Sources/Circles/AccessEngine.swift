import Synchronization

/// The access engine's cache: one `AccessIndex` per owner, each tagged with the change token it was built under.
///
/// An index is reused only while the store's change token is the same, so any change to Circles' data, by this
/// process or another on the same file, makes it rebuild (see `ChangeToken`).
public final class AccessEngine: Sendable {
    private let indexes = Mutex<[String: (token: ChangeToken, index: AccessIndex)]>([:])

    public init() {}

    /// The owner's index under `token`, building (and keeping) it with `build` when missing or stale.
    public func index(
        owner: String, token: ChangeToken, build: () throws -> AccessIndex
    ) rethrows -> AccessIndex {
        if let cached = indexes.withLock({ $0[owner] }), cached.token == token { return cached.index }
        let index = try build()
        indexes.withLock { $0[owner] = (token, index) }
        return index
    }

    /// Forgets every index (the next check rebuilds).
    public func invalidateAll() { indexes.withLock { $0.removeAll() } }

    /// How many owners have an index cached.
    public var cachedOwnerCount: Int { indexes.withLock { $0.count } }
}
