import CCurl
import Dispatch
import Foundation

/// An `HTTPClient` over libcurl's easy interface.
///
/// Each client owns one easy handle and one serial dispatch queue: `curl_easy_perform` blocks, so it
/// runs on that queue and never on Swift's cooperative pool, and the handle is reused from request
/// to request so libcurl keeps the connection alive (HTTP keep-alive, TLS session, DNS cache).
/// Requests on one client therefore run one at a time, in order; use several clients for parallel
/// transfers. TLS verification is always on; redirects are not followed unless configured.
public final class CurlHTTPClient: HTTPClient {
    /// Timeouts, redirects and limits for every request of a client.
    public struct Configuration: Sendable, Equatable {
        /// Time allowed to establish the connection (TCP and TLS).
        public var connectTimeout: Duration
        /// Time allowed for the whole exchange, connection included; `HTTPRequest.timeout` overrides it.
        public var timeout: Duration
        /// Follow 3xx responses (`Location`); off by default, so a 302 comes back as is.
        public var followRedirects: Bool
        /// The most redirects followed when `followRedirects` is on.
        public var maxRedirects: Int
        /// Keep one easy handle, and so its connection, across requests. Off: a new handle (and a new
        /// connection) per request, as a baseline for benchmarks.
        public var reuseConnection: Bool
        /// A larger response body fails with `.invalidResponse` instead of filling memory.
        public var maxResponseBytes: Int
        /// Sent as `User-Agent` unless the request sets one.
        public var userAgent: String
        /// A PEM bundle of extra trusted certificate authorities (a private CA); verification stays on.
        public var caBundlePath: String?

        public init(
            connectTimeout: Duration = .seconds(10),
            timeout: Duration = .seconds(30),
            followRedirects: Bool = false,
            maxRedirects: Int = 5,
            reuseConnection: Bool = true,
            maxResponseBytes: Int = 64 << 20,
            userAgent: String = "kith",
            caBundlePath: String? = nil
        ) {
            self.connectTimeout = connectTimeout
            self.timeout = timeout
            self.followRedirects = followRedirects
            self.maxRedirects = maxRedirects
            self.reuseConnection = reuseConnection
            self.maxResponseBytes = maxResponseBytes
            self.userAgent = userAgent
            self.caBundlePath = caBundlePath
        }
    }

    /// Counters over the client's lifetime, from libcurl's own figures.
    public struct Statistics: Sendable, Equatable {
        /// Transfers performed (successful or not).
        public var requests: Int = 0
        /// New connections libcurl opened (the sum of `CURLINFO_NUM_CONNECTS`); 1 when one was reused throughout.
        public var newConnections: Int = 0
    }

    public let configuration: Configuration
    private let queue: DispatchQueue
    private let engine: CurlEngine

    /// A client with its own handle and queue.
    public init(configuration: Configuration = Configuration()) {
        _ = Self.globalInit
        self.configuration = configuration
        self.queue = DispatchQueue(label: "kith.networking.curl", qos: .userInitiated)
        self.engine = CurlEngine()
    }

    // `curl_global_init` is not thread-safe and must run once before any handle exists; a static
    // let is initialized exactly once, under a lock.
    static let globalInit: Bool = kith_curl_global_init() == CURLE_OK

    // MARK: - HTTPClient

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return try await withCheckedThrowingContinuation { continuation in
                queue.async { [engine, configuration] in
                    continuation.resume(
                        with: Result {
                            try engine.perform(request, configuration: configuration, cancellation: cancellation)
                        })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The counters so far, read after every request queued before this call has finished.
    public func statistics() async -> Statistics {
        await withCheckedContinuation { continuation in
            queue.async { [engine] in continuation.resume(returning: engine.statistics) }
        }
    }
}
