import Foundation
import Networking
import PostgresStorageTesting
import Testing

/// DOMAIN.md's limits on guessing passwords, as issue 29 asks them to be tried: two `kith-server`s on one PostgreSQL
/// database behind a trusted proxy (`X-Forwarded-For`), wrong passwords for one account from 25 addresses, sent
/// at once.
@Suite("Sign-in guessing limits across two kith-servers")
struct SignInLimitsEndToEndTests {
    static func signIn(
        _ base: String, password: String, from address: String, client: CurlHTTPClient
    ) async throws -> (status: Int, json: [String: Any], retryAfter: String?) {
        let response = try await client.send(
            HTTPRequest(
                method: .post, url: URL(string: base + "/api/auth/signin")!,
                headers: ["Content-Type": "application/json", "X-Forwarded-For": address],
                body: Data(#"{"email":"dana@example.com","password":"\#(password)"}"#.utf8)))
        let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        return (response.status, json, response.headers["Retry-After"])
    }

    @Test func eachAddressAfterFiveTheAccountAfterAHundredAndSessionsGoOn() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let folder = NSTemporaryDirectory() + "kith-signin-limits-" + UUID().uuidString
        for server in ["/a", "/b"] {
            try FileManager.default.createDirectory(atPath: folder + server, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let proxy = ["--trusted-proxy", "127.0.0.1/32"]
        async let first = KithServerProcess.start(in: folder + "/a", databaseURL: url, arguments: proxy)
        async let second = KithServerProcess.start(in: folder + "/b", databaseURL: url, arguments: proxy)
        let (a, b) = try await (first, second)
        defer {
            a.stop()
            b.stop()
        }
        let token = try await TwoServersTests.signUp(a.url, "dana@example.com", role: "member")

        // 19 addresses, 6 wrong passwords each, all at once over both servers: each address has exactly 5 checked
        // (401) and its 6th refused unchecked (429); 95 checked failures for the account.
        let perAddress = try await withThrowingTaskGroup(of: [Int].self) { group in
            for address in 1...19 {
                group.addTask {
                    let client = CurlHTTPClient()
                    var statuses: [Int] = []
                    for attempt in 0..<6 {
                        let server = (address + attempt) % 2 == 0 ? a.url : b.url
                        statuses.append(
                            try await Self.signIn(
                                server, password: "wrong horse", from: "203.0.113.\(address)", client: client
                            ).status)
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(perAddress.count == 19)
        for statuses in perAddress { #expect(statuses == [401, 401, 401, 401, 401, 429], "\(statuses)") }
        // 6 more addresses, one guess each, at once: exactly 5 more are checked, reaching 100; the account is
        // blocked for the last.
        let last = try await withThrowingTaskGroup(of: Int.self) { group in
            for address in 20...25 {
                group.addTask {
                    try await Self.signIn(
                        address % 2 == 0 ? a.url : b.url, password: "wrong horse", from: "203.0.113.\(address)",
                        client: CurlHTTPClient()
                    ).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(last.sorted() == [401, 401, 401, 401, 401, 429])

        // The right password from a fresh address: refused while the account is blocked, with when to come back.
        let fresh = try await Self.signIn(
            b.url, password: "correct horse", from: "198.51.100.7", client: CurlHTTPClient())
        #expect(fresh.status == 429)
        #expect(fresh.json["error"] as? String == "identity.too_many_sign_in_attempts")
        #expect((fresh.json["message"] as? String)?.hasPrefix("Too many sign-in attempts. Try again in ") == true)
        #expect(fresh.retryAfter.flatMap(Int.init).map { $0 > 3000 && $0 <= 3600 } == true)
        // A live session keeps working on both servers.
        for server in [a.url, b.url] {
            #expect(try await TwoServersTests.call(server, .get, "/api/me", token: token).status == 200)
        }
        // Counted in /metrics, by route.
        let metrics = try await CurlHTTPClient().send(
            HTTPRequest(method: .get, url: URL(string: a.url + "/metrics")!, headers: [:], body: nil))
        #expect(metrics.text.contains(#"kith_rate_limit_refusals_total{route="/api/auth/signin"}"#))
    }
}
