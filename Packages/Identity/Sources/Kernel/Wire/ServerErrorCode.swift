/// The error codes of the server itself, not of a feature's domain (whose codes are `<feature>.<case>`, in each Wire
/// module's table): the one list of them, for the server that sends them and the clients and tests that read them.
public enum ServerErrorCode: String, Sendable, CaseIterable {
    /// No bearer token, or one that is malformed, unknown, expired or ended.
    case unauthorized
    /// `X-Acting-As-Member` names a profile the caller may not act as.
    case forbidden
    /// A body that is not the JSON the route expects (empty, malformed, a field missing or of the wrong type).
    case invalidJSON = "invalid_json"
    /// A field or query parameter outside its closed set of values.
    case invalidValue = "invalid_value"
    /// A request that is not valid HTTP.
    case badRequest = "bad_request"
    /// A path no route serves.
    case notFound = "not_found"
    /// A path served, but not for this method.
    case methodNotAllowed = "method_not_allowed"
    /// A body over the server's limit.
    case payloadTooLarge = "payload_too_large"
    /// The database cannot be used right now: try again.
    case unavailable
    /// Anything else: the server's fault, logged with its request id.
    case `internal`
}
