import Foundation
import Hummingbird
import KithServer
import Tokens
import TokensWire

/// Tokens over HTTP: the token exchange for a signed-in caller, introspection and access checks for a registered app
/// (HTTP Basic), and the JWKS and metadata for anyone. Thin: every rule is `TokenService`'s.
///
/// Nothing here logs: the request log names the route template and status only, never a header (the Basic
/// credentials, the bearer token) or a body (the token introspected).
public struct TokensRoutes: Sendable {
    let tokens: any TokenService

    func add(to router: Router<KithRequestContext>, api: RouterGroup<KithRequestContext>) {
        api.signedIn(TokensRoute.exchange) { principal, request, context in
            let audience = try await Self.audience(of: request, context: context)
            do {
                return TokenResponse(try await tokens.issue(principal, audience: audience))
            } catch TokensError.actingNotAvailable {
                // The member was acted as when the middleware checked, and no longer is: the same body as every
                // refused `X-Acting-As-Member`.
                throw APIError.actingAsForbidden
            }
        }
        // Under `/api/` but beside the bearer group: an app proves itself with its id and secret, not a session.
        router.on(TokensRoute.introspection) { request, context in
            try await Self.asApp(request) { credentials in
                let form = try await Self.form(of: request, context: context)
                guard let token = form["token"], !token.isEmpty else {
                    throw APIError(
                        .badRequest, code: Self.invalidRequest,
                        message: "Send the token to introspect as form field token")
                }
                return try JSONCoding.response(
                    IntrospectionResponse(try await tokens.introspect(token, by: credentials)))
            }
        }
        router.on(TokensRoute.check) { request, context in
            try await Self.asApp(request) { credentials in
                let body = try await request.decodeJSON(AccessCheckRequest.self, context: context)
                guard let checks = body.asked else {
                    throw APIError(
                        .badRequest, code: .invalidJSON,
                        message: "Send {\"owner\", \"viewer\", \"circles\"} or {\"checks\": [...]}, not both")
                }
                let allowed = try await tokens.check(checks, by: credentials)
                let answer =
                    body.isBatch ? AccessCheckResponse(results: allowed) : AccessCheckResponse(allowed: allowed[0])
                return try JSONCoding.response(answer)
            }
        }
        router.on(TokensRoute.keySet) { _, _ in
            var response = try JSONCoding.response(JWKSDocument(try await tokens.publishedKeys()))
            response.headers[.cacheControl] = TokensRoute.jwksCacheControl
            return response
        }
        router.on(TokensRoute.serverMetadata) { _, _ in
            try JSONCoding.response(AuthorizationServerMetadataJSON(tokens.metadata))
        }
    }

    /// RFC 6749's code for a request missing what the endpoint requires.
    static let invalidRequest = "invalid_request"
    /// RFC 6749's code for a `grant_type` other than the token exchange.
    static let unsupportedGrantType = "unsupported_grant_type"

    /// The audience asked for: `{"audience"}` as JSON, or RFC 8693's form fields (`grant_type`, when given, must be
    /// the token exchange; the subject token is the caller's session, which the bearer header already proved, so
    /// `subject_token_type`, when given, must name an access token: RFC 8693 2.2.2's `invalid_request` otherwise).
    static func audience(of request: Request, context: KithRequestContext) async throws -> String {
        guard Self.isForm(request) else {
            return try await request.decodeJSON(TokenRequest.self, context: context).audience
        }
        let form = try await Self.form(of: request, context: context)
        if let grant = form["grant_type"], grant != TokenRequest.grantType {
            throw APIError(
                .badRequest, code: unsupportedGrantType,
                message: "grant_type must be \(TokenRequest.grantType)")
        }
        if let type = form["subject_token_type"], type != TokenRequest.subjectTokenType {
            throw APIError(
                .badRequest, code: invalidRequest,
                message: "subject_token_type must be \(TokenRequest.subjectTokenType): the subject is the session")
        }
        guard let audience = form["audience"], !audience.isEmpty else {
            throw APIError(.badRequest, code: invalidRequest, message: "Send the app's id as audience")
        }
        return audience
    }

    /// Runs `respond` with the app's credentials from HTTP Basic; a missing, malformed or wrong pair is RFC 6749's
    /// 401 `invalid_client` with `WWW-Authenticate: Basic`, the same whichever it was. Public: every route an app calls
    /// with its id and secret (the event feed) answers alike.
    public static func asApp(
        _ request: Request, respond: (AppCredentials) async throws -> Response
    ) async throws -> Response {
        do {
            guard let credentials = basicCredentials(request.headers[values: .authorization]) else {
                throw TokensError.wrongAppCredentials
            }
            return try await respond(credentials)
        } catch TokensError.wrongAppCredentials {
            let error = TokensError.wrongAppCredentials
            let wire = error.wire
            var response = try JSONCoding.response(
                APIError(
                    HTTPResponse.Status(code: wire.status), code: wire.code, message: error.description,
                    details: wire.details
                ).body, status: HTTPResponse.Status(code: wire.status))
            response.headers[.wwwAuthenticate] = #"Basic realm="kith apps""#
            return response
        }
    }

    /// The id and secret of `Authorization: Basic BASE64(id:secret)`, each form-decoded as RFC 6749 2.3.1 writes
    /// them; nil unless there is exactly one such header.
    public static func basicCredentials(_ values: [String]) -> AppCredentials? {
        guard values.count == 1 else { return nil }
        let parts = values[0].split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let data = Data(base64Encoded: String(parts[1]).trimmingWhitespace()),
            let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { return nil }
        let id = formDecoded(pair[..<colon])
        let secret = formDecoded(pair[pair.index(after: colon)...])
        guard let id, let secret, !id.isEmpty, !secret.isEmpty else { return nil }
        return AppCredentials(appId: id, secret: secret)
    }

    /// Whether the body is `application/x-www-form-urlencoded`.
    static func isForm(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
    }

    /// The fields of an `application/x-www-form-urlencoded` body (the first of a repeated name); at most the
    /// context's body limit.
    static func form(of request: Request, context: KithRequestContext) async throws -> [String: String] {
        // A body over the limit throws what the error middleware answers 413.
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        return formFields(String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    static func formFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = formDecoded(parts[0]), fields[name] == nil else { continue }
            fields[name] = parts.count == 2 ? formDecoded(parts[1]) ?? "" : ""
        }
        return fields
    }

    /// `text` with `+` as a space and percent escapes decoded; nil when an escape is malformed.
    static func formDecoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
