import Accounts
import Hummingbird
import IdentityWire
import Kernel
import NIOCore
import NIOHTTP1
import ProfileSession
import Storage

extension APIError {
    /// The response for any error a route or middleware threw: domain refusals keep their sentence;
    /// anything unexpected is a 500 whose details stay in the log.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: error
        // The bearer check's own 401: which of these it was stays unsaid.
        case IdentityError.notSignedIn, IdentityError.sessionEnded, IdentityError.sessionMismatch: .unauthorized
        // DOMAIN.md's fixed body, whatever the acting check that failed.
        case is ProfileSessionError: .actingAsForbidden
        case let error as any WireCodedError: from(error)
        // A database that cannot be used right now (unreachable, locked past the busy timeout, read-only, full):
        // try again shortly. Which it was, and the file, stay in the log. A store's own bug is any other 500.
        case let error as StorageError: error.code == .failed ? .internalError : .unavailable
        case is NIOTooManyBytesError: .payloadTooLarge
        // NIO's parser refused the rest of the request (a malformed chunk in a body a route was reading).
        case is HTTPParserError: .malformedRequest
        case let error as any HTTPResponseError: fromHTTP(error.status)
        default: .internalError
        }
    }

    /// A domain refusal: its code, status and details from its Wire module's table, its sentence as the message.
    static func from(_ error: any WireCodedError) -> APIError {
        let wire = error.wire
        return APIError(
            HTTPResponse.Status(code: wire.status), code: wire.code, message: error.description, details: wire.details)
    }

    /// Hummingbird's own errors (unknown route, oversized body, ...) in Kith's error shape.
    static func fromHTTP(_ status: HTTPResponse.Status) -> APIError {
        switch status {
        case .notFound: .routeNotFound
        case .contentTooLarge: .payloadTooLarge
        case .methodNotAllowed:
            APIError(.methodNotAllowed, code: .methodNotAllowed, message: "This endpoint does not take that method")
        default:
            status.code < 500
                ? APIError(status, code: .badRequest, message: status.reasonPhrase) : .internalError
        }
    }
}
