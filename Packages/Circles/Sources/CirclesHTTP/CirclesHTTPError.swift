import Circles
import Foundation
import Identity
import Networking

/// Turns what the server answered into the error the local service would have thrown.
///
/// The server words every `CirclesError` with its `description`, so a refusal whose sentence is one of
/// `CirclesError`'s becomes that case again, with its name, field or circle read back from the sentence. A hidden
/// shadow and a missing profile are the same 404 with the same sentence, so both come back as `profileNotFound`.
/// An expired session is "Not signed in"; anything else (Identity's sentences, connection failures) stays a
/// `NetworkingError`, whose description is the server's sentence word for word.
public enum CirclesHTTPError {
    /// The domain error for `error`, or `error` itself.
    public static func map(_ error: any Error) -> any Error {
        guard let error = error as? NetworkingError else { return error }
        if error.code == .unauthorized { return IdentityError.notSignedIn }
        if let message = error.message, let status = error.status, (400..<500).contains(status),
            let match = circlesError(message)
        {
            return match
        }
        return error
    }

    /// The `CirclesError` whose sentence is `message`, if any.
    public static func circlesError(_ message: String) -> CirclesError? {
        let fixed: [CirclesError] = [
            .invalidCircleName, .invalidEmoji, .tooManyCircles, .noManualMembers, .cannotLinkSelf, .invalidPhone,
            .invalidEmail, .invalidUsername, .tooManyShadows, .tooManyPendingRequests,
        ]
        if let match = fixed.first(where: { $0.description == message }) { return match }
        for field in Field.allCases {
            for candidate in [CirclesError.alreadyVisible(field), .notShared(field)]
            where candidate.description == message {
                return candidate
            }
        }
        let named: [@Sendable (String) -> CirclesError] = [
            CirclesError.profileNotFound, CirclesError.grantNotFound, CirclesError.suggestionNotFound,
            CirclesError.reservedName, CirclesError.circleNameTaken, CirclesError.invalidColor, CirclesError.notCustom,
            CirclesError.sameCircle, CirclesError.accountAlreadyLinked, CirclesError.usernameTaken,
            CirclesError.notShadow, CirclesError.alreadyRevealed, CirclesError.invalidTarget,
        ]
        for make in named {
            if let name = fill(message, make), make(name).description == message { return make(name) }
        }
        return tooLong(message)
    }

    /// The text that `make`'s sentence has where `message` differs from it: its name, circle or email.
    private static func fill(_ message: String, _ make: (String) -> CirclesError) -> String? {
        let marker = "\u{1}"
        let template = make(marker).description
        guard let range = template.range(of: marker) else { return nil }
        let prefix = template[..<range.lowerBound]
        let suffix = template[range.upperBound...]
        guard message.count > prefix.count + suffix.count, message.hasPrefix(prefix), message.hasSuffix(suffix) else {
            return nil
        }
        return String(message.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// "The FIELD can be at most N characters".
    private static func tooLong(_ message: String) -> CirclesError? {
        let prefix = "The "
        let middle = " can be at most "
        let suffix = " characters"
        guard message.hasPrefix(prefix), message.hasSuffix(suffix),
            let range = message.range(of: middle, options: .backwards)
        else { return nil }
        let field = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<range.lowerBound])
        guard let maxLength = Int(message[range.upperBound...].dropLast(suffix.count)), !field.isEmpty else {
            return nil
        }
        let candidate = CirclesError.tooLong(field: field, maxLength: maxLength)
        return candidate.description == message ? candidate : nil
    }
}
