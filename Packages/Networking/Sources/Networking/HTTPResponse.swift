import Foundation

/// A response from an `HTTPClient`: any status, including 4xx and 5xx, is a response, not an error.
public struct HTTPResponse: Sendable, Equatable, CustomStringConvertible {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// True for 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Returns the response when it is 2xx; otherwise throws the `NetworkingError` its status maps to.
    @discardableResult
    public func validated() throws(NetworkingError) -> HTTPResponse {
        if isSuccess { return self }
        throw NetworkingError(response: self)
    }

    public var description: String { "HTTP \(status) \(headers) body: \(body.count) bytes" }
}
