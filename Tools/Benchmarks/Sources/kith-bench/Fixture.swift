import Foundation
import Networking

/// What the throughput figures measure with: an owner whose contact is the viewer, in the owner's Family circle, and
/// the viewer already in the owner's family (so a join is refused after a full transaction, never rate limited).
struct Fixture {
    static let password = "bench password"

    let owner: String
    let viewer: String
    let code: String
    /// Accounts that only sign in (the sign-in figure's), when asked for.
    let signInAccounts: [String]

    /// With `signInAccounts`, that many more accounts that only sign in.
    static func make(_ base: String, signInAccounts count: Int = 0) async throws -> Fixture {
        let client = CurlHTTPClient()
        let owner = try await BenchHTTP.signUp(client, base, email: "owner@bench.test", role: "player")
        let viewer = try await BenchHTTP.signUp(client, base, email: "viewer@bench.test", role: "parent")
        try await BenchHTTP.call(
            client, .post, base + "/api/contacts", token: owner,
            body: ["displayName": "Viewer", "accountEmail": "viewer@bench.test"])
        try await BenchHTTP.call(
            client, .post, base + "/api/circles/Family/members", token: owner, body: ["contacts": ["Viewer"]])
        let code = try await BenchHTTP.call(client, .get, base + "/api/family/code", token: owner)["code"] as? String
        try await BenchHTTP.call(
            client, .post, base + "/api/family/code/join", token: viewer, body: ["code": code ?? ""])
        var signInAccounts: [String] = []
        for number in 0..<count {
            let email = "signin-\(number)@bench.test"
            _ = try await BenchHTTP.signUp(client, base, email: email, role: "player")
            signInAccounts.append(email)
        }
        return Fixture(owner: owner, viewer: viewer, code: code ?? "", signInAccounts: signInAccounts)
    }
}
