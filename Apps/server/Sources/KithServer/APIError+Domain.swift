import Circles
import FamilyCodes
import Hummingbird
import Identity
import NIOCore
import Preferences
import ProfileSession
import Storage

extension APIError {
    /// The response for any error a route or middleware threw: domain refusals keep their sentence;
    /// anything unexpected is a 500 whose details stay in the log.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: error
        case let error as IdentityError: from(error)
        case let error as FamilyCodeError: from(error)
        case let error as CirclesError: from(error)
        case is PreferencesError, is ProfileSessionError: .actingAsForbidden
        case let error as StorageError:
            APIError(.serviceUnavailable, code: "storage_unavailable", message: error.message)
        case is NIOTooManyBytesError: .payloadTooLarge
        case let error as any HTTPResponseError: fromHTTP(error.status)
        default: .internalError
        }
    }

    static func from(_ error: IdentityError) -> APIError {
        let message = error.description
        return switch error {
        case .invalidEmail: APIError(.badRequest, code: "invalid_email", message: message)
        case .invalidName, .reservedName: APIError(.badRequest, code: "invalid_name", message: message)
        case .invalidPassword: APIError(.badRequest, code: "invalid_password", message: message)
        case .incorrectCredentials: APIError(.unauthorized, code: "incorrect_credentials", message: message)
        case .notSignedIn, .sessionEnded, .sessionMismatch: .unauthorized
        case .emailTaken: APIError(.conflict, code: "email_taken", message: message)
        case .savedAccountsFull, .cannotRemoveCurrentAccount:
            APIError(.conflict, code: "conflict", message: message)
        case .notWhileActing: APIError(.forbidden, code: "not_while_acting", message: message)
        case .householdFull: APIError(.conflict, code: "household_full", message: message)
        case .needsGuardian, .lastGuardian: APIError(.conflict, code: "guardian_required", message: message)
        case .alreadyMember: APIError(.conflict, code: "already_member", message: message)
        case .ambiguous: APIError(.badRequest, code: "ambiguous", message: message)
        case .notFound, .noActiveHousehold: APIError(.notFound, code: "not_found", message: message)
        case .notHouseholdOwner, .notGuardian, .ownerCannotLeave, .notHouseholdMember:
            APIError(.forbidden, code: "not_allowed", message: message)
        case .notManaged: APIError(.badRequest, code: "not_managed", message: message)
        }
    }

    static func from(_ error: FamilyCodeError) -> APIError {
        let message = error.description
        return switch error {
        case .invalidFormat: APIError(.badRequest, code: "invalid_family_code", message: message)
        case .notFound: APIError(.notFound, code: "family_code_not_found", message: message)
        // The seed: joining a family one already belongs to is a 400.
        case .alreadyMember: APIError(.badRequest, code: "already_member", message: message)
        case .rateLimited(_, let retryAfter):
            APIError(.tooManyRequests, code: "rate_limited", message: message, retryAfter: retryAfter)
        case .onlyPlayers, .onlyParentsJoin, .onlyParentsLeave:
            APIError(.forbidden, code: "not_allowed", message: message)
        case .noUniqueCode: APIError(.serviceUnavailable, code: "try_again", message: message)
        }
    }

    /// Circles: bad input 400; unknown or hidden (a shadow the caller may not see is the same 404 as a profile that
    /// does not exist) 404; what the rules forbid for that target 403; names taken, state and caps 409.
    static func from(_ error: CirclesError) -> APIError {
        let message = error.description
        return switch error {
        case .invalidName, .reservedName: APIError(.badRequest, code: "invalid_name", message: message)
        case .invalidCircleName: APIError(.badRequest, code: "invalid_circle_name", message: message)
        case .invalidEmoji: APIError(.badRequest, code: "invalid_emoji", message: message)
        case .invalidColor: APIError(.badRequest, code: "invalid_color", message: message)
        case .invalidPhone: APIError(.badRequest, code: "invalid_phone", message: message)
        case .invalidEmail: APIError(.badRequest, code: "invalid_email", message: message)
        case .invalidUsername: APIError(.badRequest, code: "invalid_username", message: message)
        case .tooLong: APIError(.badRequest, code: "too_long", message: message)
        case .invalidTarget: APIError(.badRequest, code: "invalid_target", message: message)
        case .sameCircle: APIError(.badRequest, code: "same_circle", message: message)
        case .circleNameTaken: APIError(.conflict, code: "name_taken", message: message)
        case .usernameTaken: APIError(.conflict, code: "username_taken", message: message)
        case .accountAlreadyLinked: APIError(.conflict, code: "already_linked", message: message)
        case .alreadyRevealed: APIError(.conflict, code: "already_revealed", message: message)
        case .alreadyVisible: APIError(.conflict, code: "already_visible", message: message)
        case .tooManyCircles, .tooManyShadows, .tooManyPendingRequests:
            APIError(.conflict, code: "limit_reached", message: message)
        case .noManualMembers, .notCustom, .notShadow, .cannotLinkSelf, .notShared:
            APIError(.forbidden, code: "not_allowed", message: message)
        case .grantNotFound, .suggestionNotFound, .profileNotFound:
            APIError(.notFound, code: "not_found", message: message)
        }
    }

    /// Hummingbird's own errors (unknown route, oversized body, ...) in Kith's error shape.
    static func fromHTTP(_ status: HTTPResponse.Status) -> APIError {
        switch status {
        case .notFound: .routeNotFound
        case .contentTooLarge: .payloadTooLarge
        case .methodNotAllowed:
            APIError(.methodNotAllowed, code: "method_not_allowed", message: "This endpoint does not take that method")
        default:
            status.code < 500
                ? APIError(status, code: "bad_request", message: status.reasonPhrase) : .internalError
        }
    }
}
