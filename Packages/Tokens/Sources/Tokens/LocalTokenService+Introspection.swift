import Foundation
import JWTKit

extension LocalTokenService {
    // MARK: - Introspection

    public func introspect(_ token: String, by credentials: AppCredentials) async throws -> Introspection {
        let now = now
        let (app, keys) = try await store.read { tokens, _, _ in
            (try Self.requireApp(credentials, in: tokens), try tokens.signingKeys())
        }
        guard let claims = await verified(token, keys: KeyRotation.published(among: keys, at: now), at: now),
            claims.aud.value.contains(app.id)
        else { return .inactive }
        // One transaction of Identity's: the session the token was made from is still live, and its account, which
        // is `sub` or (acting) `act.sub`, still exists.
        let live = try await store.read { _, identity, _ in
            guard let (session, account) = try identity.sessionAndAccount(sessionId: claims.sid) else { return false }
            return session.isLive(at: now) && account.id == (claims.act?.sub ?? claims.sub.value)
        }
        return live ? .active(claims) : .inactive
    }

    /// The claims of `token` when jwt-kit verifies its ES256 signature with one of `keys`, its header says `at+jwt`,
    /// it names this issuer, and it has not expired at `now`; else nil.
    func verified(_ token: String, keys: [SigningKey], at now: Date) async -> AccessTokenClaims? {
        let collection = JWTKeyCollection()
        for key in keys {
            guard let publicKey = try? ES256PublicKey(parameters: (x: key.x, y: key.y)) else { continue }
            await collection.add(ecdsa: publicKey, kid: JWKIdentifier(string: key.id))
        }
        guard let claims = try? await collection.verify(token, as: AccessTokenClaims.self),
            let header = try? DefaultJWTParser().parse(Array(token.utf8), as: AccessTokenClaims.self).header,
            header.typ == AccessTokenClaims.type, header.alg == "ES256",
            claims.iss.value == issuer, (try? claims.exp.verifyNotExpired(currentDate: now)) != nil
        else { return nil }
        return claims
    }
}
