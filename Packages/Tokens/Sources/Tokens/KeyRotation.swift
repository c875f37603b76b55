import Foundation

/// The rotation of signing keys, as pure functions of the stored keys and the time, so every server that reads the
/// same keys signs with the same one and publishes the same set.
///
/// - A key is published from the moment it is made. The first key signs at once (no cache can hold an older set);
///   a key made by `keys rotate` while another exists signs only `publishDelay` (10 minutes) later, so every cache
///   of the JWKS (kept at most 5 minutes, `Cache-Control: max-age=300`) has learnt it before a token names it.
/// - At any instant the signing key is the one with the latest `signsFrom` at or before it (ties: the later made);
///   so the key that signed before a rotation keeps signing until the new one's `signsFrom`.
/// - A key stops signing when a later key starts (`retiredAt`). It stays published while a token it signed may be
///   live: until `retiredAt + tokenLifetime` (every token it signed expired by then), after which it is `expired`
///   and may be deleted.
public enum KeyRotation {
    /// How long a new key is published before it signs: 10 minutes.
    public static let publishDelay: TimeInterval = 10 * 60
    /// How long a token lives (`exp - iat`): 5 minutes.
    public static let tokenLifetime: TimeInterval = 5 * 60

    /// Where a key stands at an instant.
    public enum State: Sendable, Hashable {
        /// Published, signing from the date.
        case next(signsFrom: Date)
        /// Published and signing.
        case signing
        /// Published, no longer signing: its last tokens are live until the date.
        case retired(publishedUntil: Date)
        /// Neither signing nor published: nothing it signed is live.
        case expired

        /// Whether the JWKS lists it.
        public var isPublished: Bool {
            if case .expired = self { return false }
            return true
        }
    }

    /// When a key made at `now` signs, given the keys that already exist.
    public static func signsFrom(madeAt now: Date, existing: [SigningKey]) -> Date {
        existing.isEmpty ? now : now.addingTimeInterval(publishDelay)
    }

    /// The key that signs at `now`; nil only without keys. When every key is still waiting for its time (a server
    /// whose clock is behind the one that made the first key), the first of them: published since it was made.
    public static func signingKey(among keys: [SigningKey], at now: Date) -> SigningKey? {
        let keys = ordered(keys)
        return keys.last { $0.signsFrom <= now } ?? keys.first
    }

    /// When `key` stopped (or will stop) signing: the `signsFrom` of the first later key, or nil while none follows.
    public static func retiredAt(_ key: SigningKey, among keys: [SigningKey]) -> Date? {
        let keys = ordered(keys)
        guard let index = keys.firstIndex(where: { $0.id == key.id }) else { return nil }
        return keys[(index + 1)...].first?.signsFrom
    }

    /// Where `key` stands at `now`.
    public static func state(of key: SigningKey, among keys: [SigningKey], at now: Date) -> State {
        if now < key.signsFrom { return .next(signsFrom: key.signsFrom) }
        guard let retiredAt = retiredAt(key, among: keys), retiredAt <= now else { return .signing }
        let publishedUntil = retiredAt.addingTimeInterval(tokenLifetime)
        return now < publishedUntil ? .retired(publishedUntil: publishedUntil) : .expired
    }

    /// Every key that may still verify a live token at `now`, or will sign soon: what the JWKS publishes, in the
    /// order they sign.
    public static func published(among keys: [SigningKey], at now: Date) -> [SigningKey] {
        ordered(keys).filter { state(of: $0, among: keys, at: now).isPublished }
    }

    /// Keys that no longer verify anything at `now`: a store may delete them.
    public static func expired(among keys: [SigningKey], at now: Date) -> [SigningKey] {
        ordered(keys).filter { !state(of: $0, among: keys, at: now).isPublished }
    }

    /// By `signsFrom`, then by when they were made, then by id: the same order on every server.
    static func ordered(_ keys: [SigningKey]) -> [SigningKey] {
        keys.sorted { ($0.signsFrom, $0.createdAt, $0.id) < ($1.signsFrom, $1.createdAt, $1.id) }
    }
}
