/// Why an ID token was refused, as the log records it (the user reads only "Google sign-in failed...").
public enum VerificationFailure: String, Error, Sendable, CaseIterable {
    case malformedToken = "malformed_token"
    case unsupportedAlgorithm = "unsupported_algorithm"
    case unknownCriticalHeader = "unknown_crit"
    case missingKeyId = "missing_kid"
    case unknownKeyId = "unknown_kid"
    case keysUnavailable = "keys_unavailable"
    case badSignature = "bad_signature"
    case wrongIssuer = "wrong_iss"
    case wrongAudience = "wrong_aud"
    case wrongAuthorizedParty = "wrong_azp"
    case expired = "expired"
    case issuedInFuture = "iat_in_future"
    case nonceMismatch = "nonce_mismatch"
    case missingSubject = "missing_sub"
}
