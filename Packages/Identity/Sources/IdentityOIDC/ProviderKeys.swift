import Foundation
import JWTKit
import Kernel
import Networking

/// A provider's signing keys: found through its discovery document, fetched with the project's HTTP client, kept
/// as long as the JWKS response's Cache-Control allows (at most 24 h), and at least a minute: keys the provider says
/// not to keep (no header, `no-store`, `max-age=0`) would otherwise be fetched again for every token, made-up ones
/// included.
///
/// An unknown `kid` (the provider rotated its keys) refetches once, then not again for a minute, so tokens with made-up
/// `kid`s cannot make the server hammer the provider; a fetch because the keys had aged counts as that refetch when it
/// still does not have the key. An actor: callers that need keys at the same time share one fetch.
public actor ProviderKeys {
    /// The longest the keys are kept, whatever the provider says.
    public static let maximumAge: TimeInterval = 24 * 60 * 60
    /// The shortest time between two refetches caused by an unknown `kid`, and the shortest time keys are kept.
    public static let unknownKeyInterval: TimeInterval = 60

    let configuration: OIDCProviderConfiguration
    let client: any HTTPClient
    let clock: any WallClock
    private var jwksURL: URL?
    private var keys: JWKS?
    private var expiresAt = Date.distantPast
    private var lastUnknownKeyFetch: Date?
    private var fetching: Task<Void, any Error>?
    /// How many times the JWKS was fetched (tests and logs).
    public private(set) var fetches = 0

    /// The keys of `configuration`'s issuer, fetched through `client`, aged by `clock`.
    public init(configuration: OIDCProviderConfiguration, client: any HTTPClient, clock: any WallClock) {
        self.configuration = configuration
        self.client = client
        self.clock = clock
    }

    /// The key named `kid`, or for a token without one the only key of `keyType` (OpenID Connect Core 10.1): from
    /// the cache while it is fresh, else fetched (see the type's rules).
    func key(kid: String?, keyType: JWK.KeyType) async throws(VerificationFailure) -> JWK {
        let missing: VerificationFailure = kid == nil ? .missingKeyId : .unknownKeyId
        var fetchedNow = false
        if clock.now() >= expiresAt || keys == nil {
            try await refresh()
            fetchedNow = true
        }
        if let key = cachedKey(kid, keyType) { return key }
        // Another caller's refetch is under way (the provider rotated, and tokens of the new key arrive together):
        // its keys may hold this one, so wait for it rather than be refused by the minute it just started.
        if fetching != nil {
            try await refresh()
            if let key = cachedKey(kid, keyType) { return key }
        }
        let now = clock.now()
        if let last = lastUnknownKeyFetch, now.timeIntervalSince(last) < Self.unknownKeyInterval { throw missing }
        lastUnknownKeyFetch = now
        // Keys fetched by this very call are as new as a refetch would give.
        if fetchedNow { throw missing }
        try await refresh()
        guard let key = cachedKey(kid, keyType) else { throw missing }
        return key
    }

    /// The key named `kid`; without a `kid`, the key of `keyType` when the keys hold exactly one.
    private func cachedKey(_ kid: String?, _ keyType: JWK.KeyType) -> JWK? {
        guard let kid else {
            let candidates = keys?.keys.filter { $0.keyType == keyType } ?? []
            return candidates.count == 1 ? candidates[0] : nil
        }
        return keys?.keys.first { $0.keyIdentifier?.string == kid }
    }

    /// Fetches the JWKS, or waits for the fetch already under way.
    private func refresh() async throws(VerificationFailure) {
        let task: Task<Void, any Error>
        if let fetching {
            task = fetching
        } else {
            task = Task { try await self.fetch() }
            fetching = task
        }
        defer { if fetching == task { fetching = nil } }
        do {
            try await task.value
        } catch {
            throw .keysUnavailable
        }
    }

    private func fetch() async throws {
        let url = try await discoverJWKSURL()
        let response = try await client.send(HTTPRequest(url: url)).validated()
        let jwks = try JSONDecoder().decode(JWKS.self, from: response.body)
        fetches += 1
        keys = jwks
        let age = max(Self.cacheAge(response.headers["Cache-Control"]), Self.unknownKeyInterval)
        expiresAt = clock.now().addingTimeInterval(age)
    }

    /// `jwks_uri` from `ISSUER/.well-known/openid-configuration`, read once; the document must name the issuer.
    private func discoverJWKSURL() async throws -> URL {
        if let jwksURL { return jwksURL }
        guard let discoveryURL = configuration.discoveryURL else { throw VerificationFailure.keysUnavailable }
        let response = try await client.send(HTTPRequest(url: discoveryURL)).validated()
        let document = try JSONDecoder().decode(DiscoveryDocument.self, from: response.body)
        guard document.issuer == configuration.issuer, let url = URL(string: document.jwksURI),
            OIDCProviderConfiguration.isAllowed(url)
        else { throw VerificationFailure.keysUnavailable }
        jwksURL = url
        return url
    }

    /// Seconds the keys may be kept: `max-age`, none for `no-store` / `no-cache` or without a header, at most 24 h.
    public static func cacheAge(_ cacheControl: String?) -> TimeInterval {
        guard let cacheControl else { return 0 }
        var age: TimeInterval = 0
        for directive in cacheControl.lowercased().split(separator: ",") {
            let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            switch parts.first.map(String.init) ?? "" {
            case "no-store", "no-cache": return 0
            case "max-age": age = parts.count == 2 ? TimeInterval(parts[1]) ?? 0 : 0
            default: continue
            }
        }
        return min(max(age, 0), maximumAge)
    }
}
