import Foundation
import Networking

/// The benchmarks' setup requests (never measured): JSON in, the decoded object out, any failure thrown.
enum BenchHTTP {
    /// One request; a 503 (the database gave up on a conflict, say) is tried again up to `retries` times.
    @discardableResult
    static func call(
        _ client: CurlHTTPClient, _ method: HTTPMethod, _ url: String, token: String?, body: [String: Any]? = nil,
        retries: Int = 5
    ) async throws -> [String: Any] {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let request = HTTPRequest(method: method, url: URL(string: url)!, headers: headers, body: data)
        var response = try await client.send(request)
        for _ in 0..<retries where response.status == 503 {
            try await Task.sleep(for: .milliseconds(200))
            response = try await client.send(request)
        }
        return (try? JSONSerialization.jsonObject(with: try response.validated().body) as? [String: Any]) ?? [:]
    }

    /// Signs up `email` with `Fixture.password`; the session's token.
    static func signUp(_ client: CurlHTTPClient, _ base: String, email: String, role: String) async throws -> String {
        let answer = try await call(
            client, .post, base + "/api/auth/signup", token: nil,
            body: [
                "email": email, "firstName": "Bench", "lastName": "Mark", "password": Fixture.password, "role": role,
            ])
        guard let token = answer["token"] as? String else {
            throw ProcessTimer.Failure(description: "signup: \(answer)")
        }
        return token
    }
}
