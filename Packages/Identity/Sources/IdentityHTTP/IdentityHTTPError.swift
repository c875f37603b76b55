import Identity
import Networking

/// Turns what the server answered into the error the local service would have thrown.
///
/// A known `{error}` code becomes its `IdentityError` (the same sentence as locally); any other refusal stays a
/// `NetworkingError`, whose description is the server's message, which is the domain's sentence word for word.
/// Connection failures keep the seed's sentences ("Connection error. Please try again.", ...).
public enum IdentityHTTPError {
    /// The domain error for `error`, or `error` itself.
    public static func map(_ error: any Error) -> any Error {
        guard let error = error as? NetworkingError else { return error }
        switch (error.code, error.serverError) {
        case (.unauthorized, "unauthorized"), (.unauthorized, nil): return IdentityError.notSignedIn
        case (_, "invalid_email"): return IdentityError.invalidEmail
        case (_, "email_taken"): return IdentityError.emailTaken
        case (_, "invalid_password"): return IdentityError.invalidPassword
        case (_, "incorrect_credentials"): return IdentityError.incorrectCredentials
        case (_, "household_full"): return IdentityError.householdFull
        default: return error
        }
    }
}
