import Tokens

/// `POST /api/auth/token`'s JSON body (RFC 8693's form fields are accepted too: `audience`, and `grant_type` and
/// `subject_token_type`, which must be this exchange's when given, and `subject_token`, `requested_token_type`, which
/// change nothing: the subject is the session the bearer header proves).
public struct TokenRequest: Codable, Sendable, Hashable {
    /// The registered app's id.
    public var audience: String

    public init(audience: String) { self.audience = audience }

    /// RFC 8693's grant type, accepted in a form body.
    public static let grantType = "urn:ietf:params:oauth:grant-type:token-exchange"
    /// RFC 8693's type of the subject token, a session's bearer token, accepted in a form body.
    public static let subjectTokenType = "urn:ietf:params:oauth:token-type:access_token"
}

/// RFC 8693 2.2.1's answer.
public struct TokenResponse: Codable, Sendable, Hashable {
    public var accessToken: String
    /// Always `Bearer`.
    public var tokenType: String
    /// Always 300.
    public var expiresIn: Int
    /// Always `urn:ietf:params:oauth:token-type:jwt`.
    public var issuedTokenType: String

    public static let jwtTokenType = "urn:ietf:params:oauth:token-type:jwt"

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case issuedTokenType = "issued_token_type"
    }

    public init(accessToken: String, tokenType: String, expiresIn: Int, issuedTokenType: String) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.issuedTokenType = issuedTokenType
    }

    public init(_ token: IssuedToken) {
        self.init(
            accessToken: token.accessToken, tokenType: "Bearer", expiresIn: token.expiresIn,
            issuedTokenType: Self.jwtTokenType)
    }
}
