import HTTPTypes
import Hummingbird
import Kernel
import Logging

/// `X-Request-Id` in and out (CLI.md, Operations): a request's id is the one it came with, when that is a plain token
/// of at most 128 characters, else a new one; it is echoed in the response and set on the request's logger, so every
/// line logged for the request carries it, with the W3C `traceparent`'s trace id when the request has one.
/// Outermost, so the request log and every error line see it.
struct RequestIdMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext

    static let requestIdField = HTTPField.Name("X-Request-Id")!
    static let traceParentField = HTTPField.Name("traceparent")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let id = request.headers[Self.requestIdField].flatMap(Self.accepted) ?? Self.newId()
        var context = context
        context.logger[metadataKey: "requestId"] = .string(id)
        if let traceId = request.headers[Self.traceParentField].flatMap(Self.traceId) {
            context.logger[metadataKey: "traceId"] = .string(traceId)
        }
        var response = try await next(request, context)
        response.headers[Self.requestIdField] = id
        return response
    }

    /// `value` as a request id when it is 1-128 of `A-Z a-z 0-9 - _ . : / + =` (what load balancers and tracing
    /// systems send), else nil: anything else could forge log lines or carry a secret into them.
    static func accepted(_ value: String) -> String? {
        guard (1...128).contains(value.utf8.count),
            value.utf8.allSatisfy({ $0.isASCIILetterOrDigit || "-_.:/+=".utf8.contains($0) })
        else { return nil }
        return value
    }

    /// A new id: 16 random bytes in hex.
    static func newId() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The trace id of a W3C `traceparent` (`00-<32 hex>-<16 hex>-<2 hex>`), nil when it is not one (or all zeros).
    static func traceId(_ value: String) -> String? {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].count == 2, parts[0] != "ff", parts[1].count == 32, parts[2].count == 16,
            parts[3].count == 2,
            parts.prefix(4).allSatisfy({ $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } }),
            parts[1].contains(where: { $0 != "0" })
        else { return nil }
        return String(parts[1])
    }
}
