import Events
import Foundation
import Networking

/// `WebhookSender` over any `HTTPClient` (the server gives `CurlHTTPClient`, which follows no redirect by default): a
/// POST with the request's own timeout, never retried by the client (the schedule retries).
public struct HTTPWebhookSender: WebhookSender {
    let client: any HTTPClient

    public init(client: any HTTPClient) {
        self.client = client
    }

    public func send(_ request: WebhookRequest) async throws -> Int {
        guard let url = URL(string: request.url) else { throw NetworkingError(.invalidRequest, detail: "not a URL") }
        var headers = HTTPHeaders()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        let response = try await client.send(
            HTTPRequest(
                method: .post, url: url, headers: headers, body: request.body, timeout: request.timeout,
                isIdempotent: false))
        return response.status
    }
}
