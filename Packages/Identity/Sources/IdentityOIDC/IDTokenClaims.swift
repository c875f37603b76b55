import Foundation
import JWTKit

/// The claims of an ID token that Kith reads. Decoding is lenient where providers differ (`aud` a string or a
/// list; Apple's `email_verified` a string); the checks are `OIDCTokenVerifier`'s, against its injected clock. Public
/// so the fake provider of the tests signs the very claims the verifier reads.
public struct IDTokenClaims: JWTPayload {
    public var iss: String
    public var sub: String
    public var aud: [String]
    public var azp: String?
    public var exp: Double
    public var iat: Double
    public var nonce: String?
    public var email: String?
    public var emailVerified: Bool
    public var givenName: String?
    public var familyName: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, azp, exp, iat, nonce, email
        case emailVerified = "email_verified"
        case givenName = "given_name"
        case familyName = "family_name"
    }

    public init(
        iss: String, sub: String, aud: [String], azp: String?, exp: Double, iat: Double, nonce: String?,
        email: String?, emailVerified: Bool, givenName: String?, familyName: String?
    ) {
        self.iss = iss
        self.sub = sub
        self.aud = aud
        self.azp = azp
        self.exp = exp
        self.iat = iat
        self.nonce = nonce
        self.email = email
        self.emailVerified = emailVerified
        self.givenName = givenName
        self.familyName = familyName
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        sub = try container.decode(String.self, forKey: .sub)
        if let one = try? container.decode(String.self, forKey: .aud) {
            aud = [one]
        } else {
            aud = try container.decode([String].self, forKey: .aud)
        }
        azp = try container.decodeIfPresent(String.self, forKey: .azp)
        exp = try container.decode(Double.self, forKey: .exp)
        iat = try container.decode(Double.self, forKey: .iat)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else {
            emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
        }
        givenName = try container.decodeIfPresent(String.self, forKey: .givenName)
        familyName = try container.decodeIfPresent(String.self, forKey: .familyName)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(sub, forKey: .sub)
        try container.encode(aud, forKey: .aud)
        try container.encodeIfPresent(azp, forKey: .azp)
        try container.encode(exp, forKey: .exp)
        try container.encode(iat, forKey: .iat)
        try container.encodeIfPresent(nonce, forKey: .nonce)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encode(emailVerified, forKey: .emailVerified)
        try container.encodeIfPresent(givenName, forKey: .givenName)
        try container.encodeIfPresent(familyName, forKey: .familyName)
    }

    /// Only the signature is jwt-kit's to check: the claims are checked by the verifier, each failure with its
    /// own reason and against the injected clock.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
