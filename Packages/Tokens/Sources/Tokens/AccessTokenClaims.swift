import Accounts
import Foundation
import JWTKit

/// The claims of an access token (RFC 9068 2.2, RFC 8693 4.1, RFC 8176): who it is about, for which app, from which
/// session, how that session signed in, and its age signals (maturity ceiling, declared age range). Never an email
/// address, a name, a birth date or a secret.
public struct AccessTokenClaims: JWTPayload, Equatable {
    /// The server's issuer URL.
    public var iss: IssuerClaim
    /// The account's id, or the managed member's when acting.
    public var sub: SubjectClaim
    /// The app's id.
    public var aud: AudienceClaim
    /// The app's id again (RFC 9068: the client the token was issued to).
    public var clientId: String
    public var exp: ExpirationClaim
    public var iat: IssuedAtClaim
    /// Unique per token.
    public var jti: IDClaim
    /// The session the token was made from: introspection answers inactive once it ends.
    public var sid: String
    /// How the session signed in (RFC 8176); absent for a session that did not record it.
    public var amr: [String]?
    /// Whether the account's email is verified; absent when acting (a managed member has no email).
    public var emailVerified: Bool?
    /// When acting: the guardian's account (RFC 8693 4.1).
    public var act: Actor?
    /// `managed_member` when acting.
    public var kithKind: String?
    /// The active household's id, when there is one.
    public var kithHousehold: String?
    /// `sub`'s content ceiling (DOMAIN.md "Maturity"): the member's when acting, else the account's (`18+` unless it
    /// graduated with a lower one). Always issued; optional so that a token signed before it existed still reads.
    public var kithMaturity: MaturityRating?
    /// `sub`'s declared age range `{lower, upper, method}`, when one was declared (by a guardian for a member, by the
    /// account itself, or kept from the member it graduated from).
    public var kithAgeRange: AgeRange?

    /// The acting party of RFC 8693's `act` claim.
    public struct Actor: Codable, Sendable, Equatable {
        public var sub: String

        public init(sub: String) { self.sub = sub }
    }

    /// `typ` of the header (RFC 9068 2.1).
    public static let type = "at+jwt"
    /// `kith_kind` of a token for a managed member.
    public static let managedMemberKind = "managed_member"

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, jti, sid, amr, act
        case clientId = "client_id"
        case emailVerified = "email_verified"
        case kithKind = "kith_kind"
        case kithHousehold = "kith_household"
        case kithMaturity = "kith_maturity"
        case kithAgeRange = "kith_age_range"
    }

    public init(
        iss: String, sub: String, aud: String, exp: Date, iat: Date, jti: String, sid: String, amr: [String]?,
        emailVerified: Bool?, act: Actor?, kithHousehold: String?, kithMaturity: MaturityRating?,
        kithAgeRange: AgeRange?
    ) {
        self.iss = IssuerClaim(value: iss)
        self.sub = SubjectClaim(value: sub)
        self.aud = AudienceClaim(value: [aud])
        self.clientId = aud
        self.exp = ExpirationClaim(value: exp)
        self.iat = IssuedAtClaim(value: iat)
        self.jti = IDClaim(value: jti)
        self.sid = sid
        self.amr = amr
        self.emailVerified = emailVerified
        self.act = act
        self.kithKind = act == nil ? nil : Self.managedMemberKind
        self.kithHousehold = kithHousehold
        self.kithMaturity = kithMaturity
        self.kithAgeRange = kithAgeRange
    }

    /// The signature is checked by the key collection; time, issuer and audience by `LocalTokenService` with its own
    /// clock (jwt-kit's `verifyNotExpired`), so tests can move time.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// RFC 8176's values for how a session signed in.
    public static func amr(_ signIn: SessionSignIn?) -> [String]? {
        switch signIn {
        case nil: nil
        case .password: ["pwd"]
        case .passwordAndCode, .passwordAndRecoveryCode: ["pwd", "otp", "mfa"]
        // The mailed code is a one-time code; both proofs come through the mailbox, so not `mfa`.
        case .passwordReset: ["pwd", "otp"]
        case .passkey: ["hwk"]
        case .google, .apple: ["fed"]
        }
    }
}
