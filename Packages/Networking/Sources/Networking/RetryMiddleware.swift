/// Sends an idempotent request again after a connection failure, a timeout or a 503, with exponential
/// backoff and jitter, at most `maxAttempts` times in all. Other requests and other failures pass through.
public struct RetryMiddleware: HTTPMiddleware {
    /// Attempts in all, the first included (at least 1).
    public let maxAttempts: Int
    /// The wait before the first retry; doubled each time.
    public let baseDelay: Duration
    /// No wait is longer, `Retry-After` included.
    public let maxDelay: Duration
    private let jitter: @Sendable () -> Double
    private let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - jitter: a factor applied to each wait, `0.5...1` at random by default.
    ///   - sleep: waits; `Task.sleep` by default, a no-op or a recorder in tests.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(200),
        maxDelay: Duration = .seconds(5),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.sleep = sleep
    }

    public func handle(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        guard request.isIdempotent else { return try await next(request) }
        var attempt = 1
        while true {
            let retryAfter: Int?
            do {
                let response = try await next(request)
                guard response.status == 503, attempt < maxAttempts else { return response }
                retryAfter = response.headers["Retry-After"].flatMap { NetworkingError.parseRetryAfter($0) }
            } catch let error as NetworkingError where Self.isRetryable(error) && attempt < maxAttempts {
                retryAfter = error.retryAfter
            }
            try await sleep(delay(afterAttempt: attempt, retryAfter: retryAfter))
            attempt += 1
        }
    }

    /// The wait after `attempt` failed: `baseDelay * 2^(attempt-1)` times the jitter, or `Retry-After`
    /// when longer, never over `maxDelay`.
    public func delay(afterAttempt attempt: Int, retryAfter: Int? = nil) -> Duration {
        let exponential = baseDelay * (1 << min(attempt - 1, 20))
        var wait = exponential * max(0, min(1, jitter()))
        if let retryAfter { wait = max(wait, .seconds(retryAfter)) }
        return min(wait, maxDelay)
    }

    private static func isRetryable(_ error: NetworkingError) -> Bool {
        error.isConnectionFailure || error.status == 503
    }
}
