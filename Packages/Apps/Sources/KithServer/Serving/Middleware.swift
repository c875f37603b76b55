import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Storage

/// Logs one line per request (method, route template, status and duration) and counts it in `ServerMetrics` under
/// the same template. Never the raw path: it can hold a family code, an email or a member's name, and its ids and
/// query would make a series per caller. Never headers, tokens or bodies either. Outside `ErrorMiddleware`, so it
/// sees every answer's real status.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext
    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let duration = ContinuousClock.now - start
            // The router's template once it found a route (`/api/members/{member}`); "NotFound" (or nothing) when
            // none took it.
            let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 } ?? "unmatched"
            metrics.record(route: route, method: request.method.rawValue, status: status, duration: duration)
            context.logger.info(
                "request",
                metadata: [
                    "method": "\(request.method.rawValue)", "route": "\(route)", "status": "\(status)",
                    "duration_ms": "\(Self.milliseconds(duration))",
                ])
        }
        let response = try await next(request, context)
        status = response.status.code
        return response
    }

    /// `duration` in milliseconds with two decimals ("12.34"), rounded. Not `String(format:)`: on every request,
    /// Foundation's formatter took 2% of a look's time.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + (attoseconds + 5_000_000_000_000) / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Finds the client's address once per request behind `--trusted-proxy` (`TrustedProxies`): every per-address limit
/// keys on it. Without trusted proxies it is not added: the peer is the client.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext
    let proxies: TrustedProxies

    static let forwardedForField = HTTPField.Name("X-Forwarded-For")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let peer = context.peerAddress else { return try await next(request, context) }
        var context = context
        context.clientAddress = proxies.clientAddress(
            peer: peer, forwardedFor: request.headers[values: Self.forwardedForField])
        return try await next(request, context)
    }
}

/// Turns every error into Kith's JSON error body, so no route ever answers Hummingbird's default shape.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext
    /// Tells a path no route has from a path asked with a method it does not take.
    let routes: RouteMethods

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // The router's own 404: no route took this method and path.
            let allowed = routes.methods(for: request.uri.path)
            guard !allowed.isEmpty else { return Self.response(.routeNotFound) }
            var response = Self.response(APIError.fromHTTP(.methodNotAllowed))
            response.headers[.allow] = allowed.joined(separator: ", ")
            return response
        } catch {
            let apiError = APIError.from(error)
            if apiError.status.code >= 500 {
                // The type and the domain's sentence only: a request body never reaches an error's text here.
                var metadata: Logger.Metadata = ["error": "\(String(reflecting: type(of: error)))"]
                // The storage sentence names the file and the cause, never a request's content.
                if let storage = error as? StorageError { metadata["storage"] = "\(storage.message)" }
                context.logger.error("request failed", metadata: metadata)
            }
            return Self.response(apiError)
        }
    }

    static func response(_ error: APIError) -> Response {
        let body = (try? JSONCoding.responseEncoder.encode(error.body)) ?? Data()
        var response = JSONCoding.bytesResponse(body, status: error.status)
        if let retryAfter = error.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}

/// Refuses a declared body over the limit before any route reads it; chunked bodies are cut when collected.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > context.maxUploadSize {
            throw APIError.payloadTooLarge
        }
        return try await next(request, context)
    }
}

/// `Cache-Control: no-store` on every `/api/...` response, errors too: tokens (RFC 6749 section 5.1) and
/// personal data must not be kept by a cache.
struct NoStoreMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        let path = request.uri.path
        if path == "/api" || path.hasPrefix("/api/") { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
