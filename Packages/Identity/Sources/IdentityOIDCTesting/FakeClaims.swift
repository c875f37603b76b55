import JWTKit

/// The claims the fake provider signs, spelled as Google's ID tokens are.
struct FakeClaims: JWTPayload {
    var iss: String
    var sub: String
    var aud: [String]
    var azp: String?
    var exp: Double
    var iat: Double
    var nonce: String?
    var email: String
    var emailVerified: Bool
    var givenName: String?
    var familyName: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, azp, exp, iat, nonce, email
        case emailVerified = "email_verified"
        case givenName = "given_name"
        case familyName = "family_name"
    }

    /// The fake signs whatever a test asks, expired tokens included.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
