import Foundation

/// A request for an `HTTPClient`: method, absolute URL, headers and an optional body.
public struct HTTPRequest: Sendable, Equatable, CustomStringConvertible {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    public var body: Data?
    /// Overrides the client's total timeout for this request when set.
    public var timeout: Duration?

    private var idempotencyOverride: Bool?

    /// A request; `isIdempotent` follows the method unless given.
    public init(
        method: HTTPMethod = .get,
        url: URL,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: Duration? = nil,
        isIdempotent: Bool? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.idempotencyOverride = isIdempotent
    }

    /// Whether sending it twice has the effect of sending it once, so it may be retried after a failure.
    /// Derived from the method (GET, HEAD, PUT, DELETE, OPTIONS) unless set explicitly.
    public var isIdempotent: Bool {
        get { idempotencyOverride ?? method.isIdempotent }
        set { idempotencyOverride = newValue }
    }

    /// Method, URL, headers with credentials redacted, and the body's size; never the body itself.
    public var description: String {
        "\(method) \(url.absoluteString) \(headers) body: \(body?.count ?? 0) bytes"
    }
}
