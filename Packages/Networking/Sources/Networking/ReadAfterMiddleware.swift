import Synchronization

/// Keeps the causal token a server returns (`Kith-Read-After`: the position of the last commit a request made) and
/// sends the newest one back on every later request to that server for that account, so a server reading from a
/// replica answers with nothing older than what this client has written.
///
/// Kept per server (scheme, host and port) and per account (the request's `Authorization`), in memory only: a token
/// is a position in the server's history, not a secret, but the key holds the bearer token, so it is never written
/// anywhere. A request without `Authorization` (signing in) keeps its answer's token under no account.
public final class ReadAfterMiddleware: HTTPMiddleware {
    /// The header, in both directions.
    public static let headerName = "Kith-Read-After"

    private let latest = Mutex<[String: Position]>([:])

    public init() {}

    public func handle(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        let key = Self.key(request)
        var request = request
        if let position = latest.withLock({ $0[key] }) { request.headers[Self.headerName] = position.text }
        let response = try await next(request)
        if let text = response.headers[Self.headerName], let position = Position(text) {
            latest.withLock { latest in
                if latest[key].map({ $0.value < position.value }) ?? true { latest[key] = position }
            }
        }
        return response
    }

    /// The newest token kept for `request`'s server and account, as sent.
    public func token(for request: HTTPRequest) -> String? {
        latest.withLock { $0[Self.key(request)]?.text }
    }

    private static func key(_ request: HTTPRequest) -> String {
        let url = request.url
        let server = "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")"
        return server + " " + (request.headers["Authorization"] ?? "")
    }

    /// A position as the server writes it (`X/Y`, two hex numbers), compared as one number.
    struct Position: Sendable {
        let text: String
        let value: UInt64

        init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, (1...8).contains(parts[0].count), (1...8).contains(parts[1].count),
                let high = UInt64(parts[0], radix: 16), let low = UInt64(parts[1], radix: 16)
            else { return nil }
            self.text = text
            value = high << 32 | low
        }
    }
}
