import Foundation
import Kernel

/// The family-code rules over any `FamilyCodeStore`, with an injected clock and random source.
///
/// Stateless: everything, the rate-limit state included, lives in the store, so processes sharing a
/// file share the limits and a restart forgets nothing.
public struct LocalFamilyCodeService: FamilyCodeService {
    let store: any FamilyCodeStore
    let clock: any WallClock
    let random: any RandomSource
    let generator: FamilyCodeGenerator
    let limiter: RateLimiter
    /// The limit per origin (a client socket address on the server).
    let originLimiter: RateLimiter
    /// How many codes to draw before giving up on finding one that is not live (36^6 ≈ 2.2 billion codes).
    let maxDraws: Int

    /// Rules over `store`; `random` draws codes and ids (the system CSPRNG by default).
    public init(
        store: any FamilyCodeStore,
        clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(),
        rateLimit: RateLimitRule = .accountJoins,
        originRateLimit: RateLimitRule = .clientAddress,
        maxDraws: Int = 16
    ) {
        self.store = store
        self.clock = clock
        self.random = random
        self.generator = FamilyCodeGenerator(random: random)
        self.limiter = RateLimiter(rule: rateLimit)
        self.originLimiter = RateLimiter(rule: originRateLimit)
        self.maxDraws = maxDraws
    }

    /// The key the per-account join limit is stored under.
    public static func rateLimitKey(accountId: String) -> String { "account:\(accountId)" }

    /// The key the per-origin join limit is stored under.
    public static func rateLimitKey(origin: String) -> String { "address:\(origin)" }
}
