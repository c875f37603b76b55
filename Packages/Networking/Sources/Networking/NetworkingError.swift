import Foundation

/// Why an HTTP exchange or an SMTP delivery failed: no response at all (offline, timeout, ...), a
/// non-2xx status, or a mail server's 4xx/5xx reply.
///
/// `description` is the sentence a user reads: the server's `message` for a 4xx when it sent one
/// (or the `message` of an `.invalidRequest`, which says what is wrong with it), otherwise the seed's sentences ("Connection error. Please try again.", "Connection timed out",
/// "Server error"). `detail` keeps the technical cause (libcurl's text) for logs, never for users.
public struct NetworkingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, as a closed set callers can switch over.
    public enum Code: String, Equatable, Hashable, Sendable, CaseIterable {
        /// No connection: offline, connection refused or reset, or the host name does not resolve.
        case offline
        /// The connect timeout or the total timeout passed.
        case timeout
        /// The TLS handshake or the certificate check failed.
        case tls
        /// 400
        case badRequest
        /// 401
        case unauthorized
        /// 403
        case forbidden
        /// 404
        case notFound
        /// 409
        case conflict
        /// 413
        case payloadTooLarge
        /// 429; see `retryAfter`.
        case rateLimited
        /// 5xx
        case server
        /// Another status that is not 2xx (3xx when redirects are not followed, 405, 422, ...).
        case unexpectedStatus
        /// The response could not be read or decoded, or was larger than allowed.
        case invalidResponse
        /// The request could not be sent as given (a bad URL or header, a body that does not encode).
        case invalidRequest
        /// A mail server refused the message with a 5xx reply (`smtpReply`): sending it again fails the same way.
        case smtpRefused
        /// A mail server answered with a 4xx reply (`smtpReply`): it may take the message later.
        case smtpDeferred
    }

    public var code: Code
    /// The HTTP status, when a response arrived.
    public var status: Int?
    /// The server's `message` from a `{"error": ..., "message": ...}` body.
    public var message: String?
    /// The server's `error` from a `{"error": ..., "message": ...}` body.
    public var serverError: String?
    /// Seconds to wait before trying again, from `Retry-After` (429, 503).
    public var retryAfter: Int?
    /// The technical cause, for logs.
    public var detail: String?
    /// The body of an error response, for clients that read more of it than `message` (a Wire module's details).
    public var body: Data?
    /// The mail server's reply that failed the delivery (`.smtpRefused`, `.smtpDeferred`).
    public var smtpReply: SMTPReply?

    public init(
        _ code: Code,
        status: Int? = nil,
        message: String? = nil,
        serverError: String? = nil,
        retryAfter: Int? = nil,
        detail: String? = nil,
        body: Data? = nil,
        smtpReply: SMTPReply? = nil
    ) {
        self.code = code
        self.status = status
        self.message = message
        self.serverError = serverError
        self.retryAfter = retryAfter
        self.detail = detail
        self.body = body
        self.smtpReply = smtpReply
    }

    // MARK: - Sentences

    public var description: String {
        if let message, let status, (400..<500).contains(status), !message.isEmpty { return message }
        if code == .invalidRequest, let message, !message.isEmpty { return message }
        switch code {
        case .offline, .tls: return "Connection error. Please try again."
        case .timeout: return "Connection timed out"
        case .server: return "Server error"
        case .badRequest: return "The request was not valid"
        case .unauthorized: return "Please sign in again"
        case .forbidden: return "You do not have access to this"
        case .notFound: return "Not found"
        case .conflict: return "That conflicts with a change made elsewhere"
        case .payloadTooLarge: return "The request is too large"
        case .rateLimited:
            if let retryAfter { return "Too many attempts. Try again in \(retryAfter) seconds" }
            return "Too many attempts. Try again later"
        case .unexpectedStatus: return "Unexpected response from the server (HTTP \(status ?? 0))"
        case .invalidResponse: return "Unexpected response from the server"
        case .invalidRequest: return "The request could not be sent"
        case .smtpRefused: return "The mail server refused the message" + Self.quoting(smtpReply)
        case .smtpDeferred: return "The mail server could not take the message now" + Self.quoting(smtpReply)
        }
    }

    /// True for failures where no response arrived and trying again may work: offline and timeout.
    public var isConnectionFailure: Bool { code == .offline || code == .timeout }

    /// True when a mail server refused the message for good (a 5xx reply): do not send it again. Every
    /// other failure of a delivery (a 4xx reply, no connection, a timeout, TLS) may pass on a later try.
    public var isPermanent: Bool { code == .smtpRefused }

    private static func quoting(_ reply: SMTPReply?) -> String {
        guard let reply else { return "" }
        return reply.text.isEmpty ? " (\(reply.code))" : " (\(reply.code) \(reply.text))"
    }
}

// MARK: - From a response

extension NetworkingError {
    /// The error a non-2xx response maps to, with the server's JSON `message` and `Retry-After`.
    public init(response: HTTPResponse, now: Date = Date()) {
        let code: Code =
            switch response.status {
            case 400: .badRequest
            case 401: .unauthorized
            case 403: .forbidden
            case 404: .notFound
            case 409: .conflict
            case 413: .payloadTooLarge
            case 429: .rateLimited
            case 500..<600: .server
            default: .unexpectedStatus
            }
        let payload = try? JSONDecoder().decode(ServerErrorBody.self, from: response.body)
        self.init(
            code,
            status: response.status,
            message: payload?.message,
            serverError: payload?.error,
            retryAfter: response.headers["Retry-After"].flatMap { Self.parseRetryAfter($0, now: now) },
            detail: "HTTP \(response.status)",
            body: response.body.isEmpty ? nil : response.body
        )
    }

    /// Seconds from a `Retry-After` value: delta-seconds, or an HTTP date (seconds from `now`, at least 0).
    public static func parseRetryAfter(_ value: String, now: Date = Date()) -> Int? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    private struct ServerErrorBody: Decodable {
        var error: String?
        var message: String?
    }
}
