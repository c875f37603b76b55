import Foundation
import Networking

/// What the throughput figures measure with: an owner whose contact is the viewer, in the owner's Family circle, and
/// the viewer already in the owner's family (so a join is refused after a full transaction, never rate limited).
struct Fixture {
    static let password = "bench password"

    let owner: String
    let viewer: String
    let code: String

    static func make(_ base: String) async throws -> Fixture {
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
        return Fixture(owner: owner, viewer: viewer, code: code ?? "")
    }
}
