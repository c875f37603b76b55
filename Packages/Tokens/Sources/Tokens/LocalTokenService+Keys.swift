import Foundation
import JWTKit

extension LocalTokenService {
    // MARK: - Keys

    public func rotateKey() async throws -> SigningKeyInfo {
        let now = now
        let fresh = try newKeyMaterial()
        return try await store.write(durability: .immediate) { tokens, _, _ in
            let existing = try tokens.signingKeys()
            for key in KeyRotation.expired(among: existing, at: now) { try tokens.deleteSigningKey(id: key.id) }
            let key = try fresh.key(madeAt: now, existing: existing)
            try tokens.insertSigningKey(key)
            let all = try tokens.signingKeys()
            return SigningKeyInfo(
                id: key.id, createdAt: key.createdAt, signsFrom: key.signsFrom,
                state: KeyRotation.state(of: key, among: all, at: now))
        }
    }

    public func keys() async throws -> [SigningKeyInfo] {
        let now = now
        return try await store.read { tokens, _, _ in
            let keys = try tokens.signingKeys()
            return KeyRotation.ordered(keys).map { key in
                SigningKeyInfo(
                    id: key.id, createdAt: key.createdAt, signsFrom: key.signsFrom,
                    state: KeyRotation.state(of: key, among: keys, at: now))
            }
        }
    }

    public func publishedKeys() async throws -> [PublishedKey] {
        let now = now
        var keys = try await store.read { tokens, _, _ in try tokens.signingKeys() }
        if keys.isEmpty { keys = try await ensureFirstKey(at: now) }
        return KeyRotation.published(among: keys, at: now).map { PublishedKey(id: $0.id, x: $0.x, y: $0.y) }
    }

    /// The stored keys, with a first one (signing at once) added when there were none. Two servers that find none at
    /// once both try; the database lets one commit (PostgreSQL: SERIALIZABLE; the other's body runs again and finds
    /// the key), so every server signs with the same key.
    func ensureFirstKey(at now: Date) async throws -> [SigningKey] {
        let fresh = try newKeyMaterial()
        return try await store.write(durability: .immediate) { tokens, _, _ in
            let existing = try tokens.signingKeys()
            guard existing.isEmpty else { return existing }
            let key = try fresh.key(madeAt: now, existing: [])
            try tokens.insertSigningKey(key)
            return [key]
        }
    }

    /// A new P-256 key and its id, made (and sealed) before a transaction opens: a body may run more than once.
    func newKeyMaterial() throws -> KeyMaterial {
        let id = random.uuidString()
        let privateKey = ES256PrivateKey()
        guard let parameters = privateKey.parameters else { throw KeyWithoutCoordinates() }
        let stored = try StoredSecret.store(Array(privateKey.pemRepresentation.utf8), rowId: id, key: sealingKey)
        return KeyMaterial(id: id, x: parameters.x, y: parameters.y, storedPrivateKey: stored)
    }

    /// The private key of `key`, opened.
    func privateKey(of key: SigningKey) throws -> ES256PrivateKey {
        let pem = try StoredSecret.open(key.storedPrivateKey, rowId: key.id, key: sealingKey)
        return try ES256PrivateKey(pem: String(decoding: pem, as: UTF8.self))
    }
}

/// A new key before it is stored: `KeyRotation` sets its times from the keys the transaction finds.
struct KeyMaterial: Sendable {
    var id: String
    var x: String
    var y: String
    var storedPrivateKey: String

    func key(madeAt now: Date, existing: [SigningKey]) throws -> SigningKey {
        SigningKey(
            id: id, createdAt: now, signsFrom: KeyRotation.signsFrom(madeAt: now, existing: existing), x: x, y: y,
            storedPrivateKey: storedPrivateKey)
    }
}

/// swift-crypto gave a P-256 key without coordinates: never expected, but not worth a crash.
struct KeyWithoutCoordinates: Error {}
