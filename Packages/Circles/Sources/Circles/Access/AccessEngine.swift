import Kernel
import Synchronization

/// The access engine's cache: an `AccessIndex` per owner (and whether the owner is ready for Circles), each tagged
/// with the owner's change token it was found under, and at most `capacity` owners.
///
/// An index is reused only while its owner's change token is the same, so any change to that owner's Circles data,
/// by this process or another on the same database, makes it rebuild, and a change to another owner's data does
/// not (see `ChangeToken`). When a new owner's index would exceed the capacity, the least recently used one is
/// dropped, so a server's memory stays flat however many owners it sees.
public final class AccessEngine: Sendable {
    /// How many owners' indexes are kept when none is given.
    public static let defaultCapacity = 1_000

    /// Most owners whose index is kept.
    public let capacity: Int
    private let cache: Mutex<LeastRecentlyUsed<String, Entry>>
    /// The account each recently looked-at email belonged to (by its comparison key), as many as `capacity`: only a
    /// hint (see `ownerHint`).
    private let owners: Mutex<LeastRecentlyUsed<String, String>>

    /// What is known of one owner under `token`.
    struct Entry {
        var token: ChangeToken
        /// Nil until a check needs it.
        var index: AccessIndex?
        /// The owner's built-in circles and primary profile exist.
        var isReady = false
    }

    /// An empty cache keeping at most `capacity` owners' indexes (at least one).
    public init(capacity: Int = AccessEngine.defaultCapacity) {
        self.capacity = max(1, capacity)
        cache = Mutex(LeastRecentlyUsed(capacity: max(1, capacity)))
        owners = Mutex(LeastRecentlyUsed(capacity: max(1, capacity)))
    }

    /// The owner's index under `token`, building (and keeping) it with `build` when missing or stale.
    ///
    /// `build` runs outside the lock: other owners' checks go on meanwhile.
    public func index(
        owner: String, token: ChangeToken, build: () throws -> AccessIndex
    ) rethrows -> AccessIndex {
        let cached = cache.withLock { $0.value(for: owner) }
        if let cached, cached.token == token, let index = cached.index { return index }
        let index = try build()
        cache.withLock {
            var entry = Entry(token: token, index: index)
            // Readiness found under the same token still holds.
            if let current = $0.value(for: owner), current.token == token { entry.isReady = current.isReady }
            $0.set(entry, for: owner)
        }
        return index
    }

    /// What is kept for `owner` under `token`, in one look at the cache: its index (nil when missing or stale) and
    /// whether it was found ready. A read transaction asks once per owner (its tokens cannot change) and keeps the
    /// answer, so concurrent reads meet on this lock once each rather than at every check.
    public func cached(owner: String, token: ChangeToken) -> (index: AccessIndex?, isReady: Bool) {
        cache.withLock { cache in
            guard let entry = cache.value(for: owner), entry.token == token else { return (nil, false) }
            return (entry.index, entry.isReady)
        }
    }

    /// Whether `owner` was found ready for Circles (built-in circles and primary profile) under `token`.
    public func isReady(owner: String, token: ChangeToken) -> Bool {
        cache.withLock { cache in
            guard let entry = cache.value(for: owner), entry.token == token else { return false }
            return entry.isReady
        }
    }

    /// Remembers that `owner` is ready under `token` (the next call with the same token skips reading it again).
    public func rememberReady(owner: String, token: ChangeToken) {
        cache.withLock { cache in
            var entry = cache.value(for: owner).flatMap { $0.token == token ? $0 : nil } ?? Entry(token: token)
            entry.isReady = true
            cache.set(entry, for: owner)
        }
    }

    /// The account an email belonged to when last looked at here: a guess, never an answer. A look asks for that
    /// owner's version together with the account (one round trip on PostgreSQL) and uses it only when the account
    /// it reads, in the same transaction, is that owner.
    public func ownerHint(emailKey: String) -> String? { owners.withLock { $0.value(for: emailKey) } }

    /// Remembers whose account an email was (`ownerHint`).
    public func rememberOwner(_ accountId: String, emailKey: String) {
        owners.withLock { $0.set(accountId, for: emailKey) }
    }

    /// Forgets every index (the next check rebuilds).
    public func invalidateAll() {
        cache.withLock { $0.removeAll() }
        owners.withLock { $0.removeAll() }
    }

    /// How many owners have an index cached.
    public var cachedOwnerCount: Int { cache.withLock { $0.count } }
}
