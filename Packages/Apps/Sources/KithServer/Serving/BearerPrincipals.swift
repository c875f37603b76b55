import Accounts
import Foundation
import Identity
import Kernel
import Synchronization

/// The principals of bearer tokens this server has already resolved, so a request with a known token reaches its
/// route without a transaction of its own: the service call's transaction is then the only one.
///
/// Exact, because what it keeps never changes: a session's token, id and account are fixed when it starts. Whether
/// the session is still live is not kept. Every service call authenticates its principal inside its own
/// transaction (`IdentityStoreTransaction.authenticate`), so a session ended or expired, by this server or any
/// other on the same database, is refused by the very next call, and `AuthMiddleware` answers 401 for it (see
/// `confirm`). Keyed by the token's digest, never the token; at most `capacity` tokens, least recently used
/// first out, so memory stays flat however many sessions a server sees.
///
/// A kept token is looked up again once its entry is `SessionActivity.interval` old: the lookup is what records a
/// session's "last used" (at most once per 5 minutes, by whichever server does it first), so a session used only
/// through this server's cache still shows when it was last used.
public final class BearerPrincipals: Sendable {
    /// How many tokens are kept when none is given: a few MiB at most.
    public static let defaultCapacity = 10_000

    private let identity: any IdentityService
    /// False when the capacity is 0: every token is looked up, as before this cache existed.
    private let keeps: Bool
    private let cache: Mutex<LeastRecentlyUsed<String, Kept>>
    private let clock: any WallClock

    /// A principal and when the service last resolved its token.
    private struct Kept: Sendable {
        var principal: Principal
        var resolvedAt: Date
    }

    /// Keeps at most `capacity` tokens; 0 keeps none. `clock` ages the entries (tests move it).
    init(
        identity: any IdentityService, capacity: Int = BearerPrincipals.defaultCapacity,
        clock: any WallClock = SystemClock()
    ) {
        self.identity = identity
        self.clock = clock
        keeps = capacity > 0
        cache = Mutex(LeastRecentlyUsed(capacity: max(1, capacity)))
    }

    /// The token's principal and whether it came from the cache (its session not checked yet). A token met for
    /// the first time is resolved by the service, which refuses an unknown, expired or ended one.
    func principal(forToken token: String) async throws -> (principal: Principal, cached: Bool) {
        guard keeps else { return (try await identity.principal(forToken: token), false) }
        let digest = TokenDigest.hexDigest(token)
        let now = clock.now()
        if let kept = cache.withLock({ $0.value(for: digest) }),
            now.timeIntervalSince(kept.resolvedAt) < SessionActivity.interval
        {
            return (kept.principal, true)
        }
        let principal: Principal
        do {
            principal = try await identity.principal(forToken: token)
        } catch IdentityError.notSignedIn {
            cache.withLock { $0.removeValue(for: digest) }
            throw IdentityError.notSignedIn
        }
        cache.withLock { $0.set(Kept(principal: principal, resolvedAt: now), for: digest) }
        return (principal, false)
    }

    /// Checks the token's session now: throws `IdentityError.notSignedIn`, and forgets the token, when it is no
    /// longer live. Called when a request with a cached principal failed, so a route that refused it before any
    /// service call (a malformed body, say) answers 401 for an ended session, as it would without the cache.
    func confirm(token: String) async throws {
        do {
            _ = try await identity.principal(forToken: token)
        } catch IdentityError.notSignedIn {
            let digest = TokenDigest.hexDigest(token)
            cache.withLock { $0.removeValue(for: digest) }
            throw IdentityError.notSignedIn
        }
    }

    /// Tokens kept now.
    var count: Int { cache.withLock { $0.count } }
}
