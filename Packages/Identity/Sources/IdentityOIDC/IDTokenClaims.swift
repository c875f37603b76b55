import Foundation
import JWTKit

/// The claims of an ID token that Kith reads. Decoding is lenient where providers differ (`aud` a string or a
/// list; Apple's `email_verified` a string); the checks are `OIDCTokenVerifier`'s, against its injected clock.
struct IDTokenClaims: JWTPayload {
    var iss: String
    var sub: String
    var aud: [String]
    var azp: String?
    var exp: Double
    var iat: Double
    var nonce: String?
    var email: String?
    var emailVerified: Bool
    var givenName: String?
    var familyName: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, azp, exp, iat, nonce, email
        case emailVerified = "email_verified"
        case givenName = "given_name"
        case familyName = "family_name"
    }

    init(from decoder: any Decoder) throws {
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

    func encode(to encoder: any Encoder) throws {
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
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
