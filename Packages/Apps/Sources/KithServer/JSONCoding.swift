import Foundation
import Hummingbird
import IdentityWire
import Kernel
import NIOCore

/// JSON in and out, in Kith's JSON (`KithJSON`), with clear 400s for bodies that do not decode.
public enum JSONCoding {
    /// The responses' encoder, made once: its options never change, and it encodes on any thread.
    static let responseEncoder = KithJSON.encoder()

    /// The requests' decoder, made once for the same reasons.
    static let requestDecoder = KithJSON.decoder()

    /// A JSON response of `value`.
    public static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try responseEncoder.encode(value)
        return bytesResponse(data, status: status)
    }

    /// A response whose body is already JSON.
    public static func bytesResponse(_ data: some Sequence<UInt8>, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// An empty 204.
    public static func noContent() -> Response { Response(status: .noContent) }

    /// The sentence a client reads for a body that is not the JSON a route expects.
    static func message(for error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "Missing field \"\(field(context.codingPath + [key]))\""
        case .valueNotFound(_, let context):
            return "Field \"\(field(context.codingPath))\" must not be null"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return "The request body must be a JSON object" }
            return "Field \"\(field(context.codingPath))\" must be \(describe(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "The request body is not valid JSON" }
            return "Field \"\(field(context.codingPath))\" has an invalid value"
        @unknown default:
            return "The request body is not valid JSON"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        default: "of another type"
        }
    }
}

extension Request {
    /// Collects the body (at most the context's limit: else 413) and decodes it, or a 400 saying what is wrong.
    public func decodeJSON<Value: Decodable>(_ type: Value.Type, context: KithRequestContext) async throws -> Value {
        guard let value = try await decodeOptionalJSON(type, context: context) else {
            throw APIError(
                .badRequest, code: .invalidJSON, message: "The request body is empty: send a JSON object")
        }
        return value
    }

    /// Like `decodeJSON`, but an empty body (no JSON at all) is nil: for routes whose body is optional.
    public func decodeOptionalJSON<Value: Decodable>(_ type: Value.Type, context: KithRequestContext) async throws
        -> Value?
    {
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge
        }
        guard buffer.readableBytes > 0 else { return nil }
        do {
            return try JSONCoding.requestDecoder.decode(Value.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError(.badRequest, code: .invalidJSON, message: JSONCoding.message(for: error))
        }
    }

    /// A query parameter, percent-decoded; nil when absent or empty.
    public func query(_ name: String) -> String? {
        guard let value = uri.queryParameters[name[...]], !value.isEmpty else { return nil }
        return String(value)
    }
}

extension Parameters {
    /// A path parameter, percent-decoded (a name may contain spaces, an email `@`).
    public func text(_ name: String) throws -> String {
        let raw = try require(name)
        return raw.removingPercentEncoding ?? raw
    }
}

/// A value that must be one of a closed set of words (`role`, `theme`, ...), or a 400 naming the choices.
public func choice<Value: RawRepresentable & CaseIterable>(
    _ raw: String, field: String, as type: Value.Type
) throws -> Value where Value.RawValue == String {
    if let value = Value(rawValue: raw.trimmingCharacters(in: .whitespaces).lowercased()) { return value }
    let choices = Value.allCases.map(\.rawValue).joined(separator: ", ")
    throw APIError(.badRequest, code: .invalidValue, message: "Field \"\(field)\" must be one of: \(choices)")
}
