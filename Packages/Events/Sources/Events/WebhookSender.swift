import Foundation

/// One POST of an event to an app's webhook.
public struct WebhookRequest: Sendable, Hashable {
    public var url: String
    public var headers: [String: String]
    public var body: Data
    /// No answer within this is a failed attempt.
    public var timeout: Duration

    public init(url: String, headers: [String: String], body: Data, timeout: Duration) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// Sends webhook requests: libcurl in the server (`EventsHTTP`), a recorder in tests.
public protocol WebhookSender: Sendable {
    /// The receiver's status code; throws when no answer came (refused, timed out, not HTTP).
    func send(_ request: WebhookRequest) async throws -> Int
}
