import Synchronization

/// Whether a call made for a principal found its session live: set by `IdentityStoreTransaction.authenticate`.
///
/// A server that skipped looking up a token it already knew (the route's own transaction checks the session)
/// learns from it, when the request then fails, whether that failure came after a live session was seen: only
/// when none was seen does it need to check the session again before answering.
public final class SessionCheck: Sendable {
    private let live = Atomic<Bool>(false)

    /// An unset check.
    public init() {}

    /// True once a call found the principal's session live.
    public var foundLive: Bool { live.load(ordering: .acquiring) }

    /// Records that the session was found live.
    package func recordLive() { live.store(true, ordering: .releasing) }
}
