import Accounts
import Foundation
import Households
import JWTKit
import ProfileSession

extension LocalTokenService {
    // MARK: - Issuing

    public func issue(_ principal: Principal, audience: String) async throws -> IssuedToken {
        let now = now
        let audience = audience.trimmingWhitespace()
        var found = try await store.read { tokens, identity, _ in
            try Self.subject(principal, audience: audience, at: now, tokens: tokens, identity: identity)
        }
        if found.keys.isEmpty { found.keys = try await ensureFirstKey(at: now) }
        // Never nil: `ensureFirstKey` left at least one key.
        guard let key = KeyRotation.signingKey(among: found.keys, at: now) else { throw NoSigningKey() }
        let claims = AccessTokenClaims(
            iss: issuer, sub: found.actingAs?.memberId ?? found.account.id, aud: audience,
            exp: now.addingTimeInterval(KeyRotation.tokenLifetime), iat: now, jti: random.uuidString(),
            sid: found.session.id, amr: AccessTokenClaims.amr(found.session.signedInWith),
            // `email_verified` is about `sub`'s email: a managed member has none.
            emailVerified: found.actingAs == nil ? found.account.emailVerified : nil,
            act: found.actingAs.map { _ in AccessTokenClaims.Actor(sub: found.account.id) },
            kithHousehold: found.householdId, kithMaturity: found.ageSignals.maturity,
            kithAgeRange: found.ageSignals.ageRange)
        let collection = JWTKeyCollection()
        let kid = JWKIdentifier(string: key.id)
        await collection.add(ecdsa: try privateKey(of: key), kid: kid)
        var header = JWTHeader()
        header.typ = AccessTokenClaims.type
        let token = try await collection.sign(claims, kid: kid, header: header)
        return IssuedToken(
            accessToken: token, expiresIn: Int(KeyRotation.tokenLifetime), claims: claims, keyId: key.id)
    }

    /// What a token is made from, read in one transaction: the caller's live session and account, the app, the
    /// member acted as (checked by the rule every `X-Acting-As-Member` request passes), the household, the keys.
    static func subject(
        _ principal: Principal, audience: String, at now: Date, tokens: any TokensStoreTransaction,
        identity: any HouseholdsStoreTransaction
    ) throws -> Subject {
        let account = try identity.authenticate(principal, at: now)
        guard let sessionId = principal.sessionId, let session = try identity.session(id: sessionId) else {
            throw IdentityError.notSignedIn
        }
        guard try storedApp(id: audience, in: tokens) != nil else { throw TokensError.unknownAudience(audience) }
        let household = try identity.activeHousehold(accountId: account.id)
        var actingAs: ActingAs?
        // `sub`'s age signals: the account's own, or (acting) the member's, as the same household shows them.
        var ageSignals = AgeSignals(maturity: account.maturity, ageRange: account.ageRange)
        if let memberId = principal.actingAs?.memberId {
            do {
                actingAs = try ProfileSessionManager.actingAs(
                    memberId: memberId, accountId: account.id, activeHousehold: household)
            } catch {
                throw TokensError.actingNotAvailable
            }
            // The acting rule just found this member in `household`.
            guard let member = household?.member(memberId) else { throw TokensError.actingNotAvailable }
            ageSignals = AgeSignals(maturity: member.maturity, ageRange: member.ageRange)
        }
        return Subject(
            account: account, session: session, actingAs: actingAs, householdId: household?.id,
            ageSignals: ageSignals, keys: try tokens.signingKeys())
    }

    /// The caller a token is about, as `subject` found it.
    struct Subject: Sendable {
        var account: Account
        var session: Session
        var actingAs: ActingAs?
        var householdId: String?
        var ageSignals: AgeSignals
        var keys: [SigningKey]
    }

    /// What a token says of `sub`'s age: its maturity ceiling and declared age range (DOMAIN.md "Family: approvals,
    /// maturity, age").
    struct AgeSignals: Sendable {
        var maturity: MaturityRating
        var ageRange: AgeRange?
    }
}

/// The store answered without keys right after one was added: a broken store, not a caller's mistake.
struct NoSigningKey: Error {}
