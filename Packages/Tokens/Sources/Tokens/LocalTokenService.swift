import Circles
import Foundation
import Kernel

/// The Tokens rules over any `TokensStore`: registered apps, signing keys and their rotation, tokens, introspection
/// and access checks.
///
/// Keys live in the store, so every service over the same database signs with the same key and publishes the same
/// set (`KeyRotation` decides from the stored keys and the time alone). Access checks use Circles' `AccessEngine`:
/// pass the Circles service's own (`LocalCirclesService.engine`), so checks and `look` share one cache.
public struct LocalTokenService: TokenService {
    let store: any TokensStore
    let clock: any WallClock
    let random: any RandomSource
    let sealingKey: SealingKey?
    let engine: AccessEngine
    public let metadata: AuthorizationServerMetadata

    /// Most checks in one access-check call.
    public static let checkLimit = 100

    /// Rules over `store`; tokens name `issuer` (the server's `--issuer` URL) as `iss`; private keys and webhook
    /// secrets are sealed with `sealingKey` when one is configured.
    public init(
        store: any TokensStore, issuer: String, clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(), sealingKey: SealingKey? = nil,
        engine: AccessEngine = AccessEngine()
    ) {
        self.store = store
        self.clock = clock
        self.random = random
        self.sealingKey = sealingKey
        self.engine = engine
        metadata = AuthorizationServerMetadata(issuer: issuer)
    }

    /// The issuer, as every token's `iss` names it.
    public var issuer: String { metadata.issuer }

    /// `clock`'s time in whole seconds: JWT times are whole seconds (RFC 7519 NumericDate as other libraries read it).
    var now: Date { Date(timeIntervalSince1970: clock.now().timeIntervalSince1970.rounded(.down)) }
}
