import HTTPTypes
import IdentityWire
import Kernel

/// An error answered as `{"error": CODE, "message": SENTENCE, "details": {...}}` (`WireError`) with an HTTP
/// status (and `Retry-After`, for 429 and 503).
public struct APIError: Error, Sendable, Equatable {
    public var status: HTTPResponse.Status
    /// A stable snake_case code clients branch on.
    public var code: String
    /// The sentence a user reads (the domain's, word for word, when it comes from the domain).
    public var message: String
    /// The values of the domain case, when it has any.
    public var details: WireErrorDetails?

    /// Creates an error response value.
    public init(_ status: HTTPResponse.Status, code: String, message: String, details: WireErrorDetails? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
    }

    /// An error of the server's own (not a domain's).
    public init(_ status: HTTPResponse.Status, code: ServerErrorCode, message: String) {
        self.init(status, code: code.rawValue, message: message)
    }

    /// Seconds to wait before retrying, sent as `Retry-After`: a 429's lockout, or 1 for any 503.
    public var retryAfter: Int? { details?.retryAfterSeconds ?? (status == .serviceUnavailable ? 1 : nil) }

    /// The JSON body.
    public var body: WireError { WireError(error: code, message: message, details: details) }

    // MARK: - The fixed ones

    /// Missing, malformed, unknown, expired or ended bearer token.
    public static let unauthorized = APIError(
        .unauthorized, code: .unauthorized, message: "Sign in first: send Authorization: Bearer TOKEN")

    /// DOMAIN.md's exact body for an `X-Acting-As-Member` that fails the guardianship check.
    public static let actingAsForbidden = APIError(
        .forbidden, code: .forbidden, message: "That profile is not available to act as")

    /// A body over `KithRequestContext.maxBodyBytes`.
    public static let payloadTooLarge = APIError(
        .contentTooLarge, code: .payloadTooLarge,
        message: "The request body is larger than \(KithRequestContext.maxBodyBytes / 1024) KiB")

    /// A request that is not valid HTTP/1.1 (a malformed chunk, a byte not allowed in the path or a header,
    /// headers over the limit, `Content-Length` with `Transfer-Encoding`).
    public static let malformedRequest = APIError(
        .badRequest, code: .badRequest, message: "The request is not valid HTTP")

    /// No route has this path and method.
    public static let routeNotFound = APIError(
        .notFound, code: .notFound, message: "No such endpoint: see /openapi.json")

    /// The database cannot be used right now (CLI.md: never a 500); sent with `Retry-After: 1`.
    public static let unavailable = APIError(.serviceUnavailable, code: .unavailable, message: "Server error")

    /// Anything unexpected: the details go to the log, never to the client.
    public static let internalError = APIError(
        .internalServerError, code: .internal, message: "Server error")
}
