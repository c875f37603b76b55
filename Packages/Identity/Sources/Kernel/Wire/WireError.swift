/// The body of every error response: `{"error": CODE, "message": SENTENCE, "details": {...}}`.
///
/// `error` is a stable code (`circles.circle_name_taken`, or one of the server's own such as `unauthorized`);
/// `message` is the sentence a person reads; `details` carries the values of the domain case, when it has any.
/// Clients branch on `error` and rebuild the case from `details` (see `WireCodedError`), never from `message`.
public struct WireError: Codable, Sendable, Equatable {
    public var error: String
    public var message: String
    public var details: WireErrorDetails?

    /// An error body; `details` is left out of the JSON when nil.
    public init(error: String, message: String, details: WireErrorDetails? = nil) {
        self.error = error
        self.message = message
        self.details = details
    }
}
