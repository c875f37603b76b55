import Accounts
import Foundation
import Tokens

/// RFC 7662 2.2's answer: `{active: false}` alone, or `active: true` with the token's claims.
public struct IntrospectionResponse: Codable, Sendable, Hashable {
    public var active: Bool
    public var sub: String?
    public var aud: String?
    public var clientId: String?
    public var iss: String?
    public var exp: Int?
    public var iat: Int?
    public var jti: String?
    public var sid: String?
    public var tokenType: String?
    public var amr: [String]?
    public var act: Actor?
    public var kithKind: String?
    public var kithHousehold: String?
    /// `sub`'s content ceiling, as the token carries it.
    public var kithMaturity: MaturityRating?
    /// `sub`'s declared age range `{lower, upper, method}`, as the token carries it (absent when none was declared).
    public var kithAgeRange: AgeRange?

    /// RFC 8693's `act`.
    public struct Actor: Codable, Sendable, Hashable {
        public var sub: String
        public init(sub: String) { self.sub = sub }
    }

    enum CodingKeys: String, CodingKey {
        case active, sub, aud, iss, exp, iat, jti, sid, amr, act
        case clientId = "client_id"
        case tokenType = "token_type"
        case kithKind = "kith_kind"
        case kithHousehold = "kith_household"
        case kithMaturity = "kith_maturity"
        case kithAgeRange = "kith_age_range"
    }

    public init(active: Bool) { self.active = active }

    public init(_ introspection: Introspection) {
        guard case .active(let claims) = introspection else {
            self.init(active: false)
            return
        }
        self.init(active: true)
        sub = claims.sub.value
        aud = claims.aud.value.first
        clientId = claims.clientId
        iss = claims.iss.value
        exp = Int(claims.exp.value.timeIntervalSince1970)
        iat = Int(claims.iat.value.timeIntervalSince1970)
        jti = claims.jti.value
        sid = claims.sid
        tokenType = "Bearer"
        amr = claims.amr
        act = claims.act.map { Actor(sub: $0.sub) }
        kithKind = claims.kithKind
        kithHousehold = claims.kithHousehold
        kithMaturity = claims.kithMaturity
        kithAgeRange = claims.kithAgeRange
    }
}
