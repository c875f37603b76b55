import Foundation

/// JSON over an `HTTPClient`: paths against a base URL, `Encodable` bodies, `Decodable` responses,
/// and every non-2xx status thrown as its `NetworkingError`.
///
/// The JSON itself (key order, dates) is whoever composes the client's: Kith's is `KithJSON` (IdentityWire).
public struct JSONClient: Sendable {
    public let client: any HTTPClient
    public let baseURL: URL
    /// Writes request bodies.
    public let encoder: JSONEncoder
    /// Reads response bodies.
    public let decoder: JSONDecoder

    /// `baseURL` is the server's root (e.g. `http://127.0.0.1:8080`); paths are appended to it.
    public init(client: any HTTPClient, baseURL: URL, encoder: JSONEncoder, decoder: JSONDecoder) {
        self.client = client
        self.baseURL = baseURL
        self.encoder = encoder
        self.decoder = decoder
    }

    // MARK: - Calls

    /// Sends a request without a body and decodes the response.
    public func send<Response: Decodable>(
        _ method: HTTPMethod,
        _ path: String,
        headers: HTTPHeaders = [:],
        as type: Response.Type = Response.self
    ) async throws -> Response {
        try decode(type, from: try await response(method, path, body: nil, headers: headers))
    }

    /// Sends `body` as JSON and decodes the response.
    public func send<Body: Encodable, Response: Decodable>(
        _ method: HTTPMethod,
        _ path: String,
        body: Body,
        headers: HTTPHeaders = [:],
        as type: Response.Type = Response.self
    ) async throws -> Response {
        try decode(type, from: try await response(method, path, body: try encode(body), headers: headers))
    }

    /// `GET path`, decoded.
    public func get<Response: Decodable>(
        _ path: String,
        headers: HTTPHeaders = [:],
        as type: Response.Type = Response.self
    ) async throws -> Response {
        try await send(.get, path, headers: headers, as: type)
    }

    /// Sends a request with an optional raw body; returns the 2xx response, throws `NetworkingError` otherwise.
    public func response(
        _ method: HTTPMethod,
        _ path: String,
        body: Data?,
        headers: HTTPHeaders = [:]
    ) async throws -> HTTPResponse {
        var request = HTTPRequest(method: method, url: try url(for: path), headers: headers, body: body)
        if request.headers["Accept"] == nil { request.headers["Accept"] = "application/json" }
        if body != nil && request.headers["Content-Type"] == nil {
            request.headers["Content-Type"] = "application/json"
        }
        return try await client.send(request).validated()
    }

    /// The absolute URL for `path` (which may carry a query), appended to `baseURL`.
    public func url(for path: String) throws(NetworkingError) -> URL {
        var root = baseURL.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        let suffix = path.hasPrefix("/") ? path : "/" + path
        guard let url = URL(string: root + suffix) else {
            throw NetworkingError(.invalidRequest, detail: "invalid path \(path)")
        }
        return url
    }

    // MARK: - Coding

    func encode(_ body: some Encodable) throws(NetworkingError) -> Data {
        do {
            return try encoder.encode(body)
        } catch {
            throw NetworkingError(.invalidRequest, detail: "encoding the body: \(error)")
        }
    }

    func decode<Response: Decodable>(_ type: Response.Type, from response: HTTPResponse) throws(NetworkingError)
        -> Response
    {
        if type == NoContent.self, let none = NoContent() as? Response { return none }
        do {
            return try decoder.decode(type, from: response.body)
        } catch {
            throw NetworkingError(.invalidResponse, status: response.status, detail: "decoding the response: \(error)")
        }
    }
}

/// A response whose body is ignored (e.g. 204): `try await json.send(.delete, path, as: NoContent.self)`.
public struct NoContent: Codable, Sendable, Equatable {
    public init() {}
}
