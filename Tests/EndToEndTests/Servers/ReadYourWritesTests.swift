import Foundation
import Networking
import PostgresStorageTesting
import Testing

/// Read-your-writes across two servers on one PostgreSQL database: whatever server A has acknowledged, server B
/// answers with at once. Neither keeps a cache that could lag the other's writes.
@Suite("Read-your-writes across two kith-servers")
struct ReadYourWritesTests {
    static let rounds = 500

    @Test func accessChangedOnOneServerIsWhatTheOtherShows() async throws {
        try await TwoServersTests.withTwoServers { a, b in
            let (owner, viewer) = try await TwoServersTests.ownerWithViewer(a, b)
            // One connection to each server, kept: 1,500 requests need no 1,500 handshakes.
            let (onA, onB) = (CurlHTTPClient(), CurlHTTPClient())
            var stale: [String] = []
            for round in 0..<Self.rounds {
                let allowed = round % 2 == 0
                let cell = #"{"field":"email","circle":"Contacts","access":"\#(allowed ? "allow" : "deny")"}"#
                let staged = try await TwoServersTests.call(
                    a, .put, "/api/access/cells", token: owner, body: cell, client: onA)
                let saved = try await TwoServersTests.call(a, .post, "/api/access/save", token: owner, client: onA)
                guard staged.status == 200, saved.status == 200 else {
                    Issue.record("round \(round): \(staged.status) \(staged.json), \(saved.status) \(saved.json)")
                    return
                }
                let look = try await TwoServersTests.call(
                    b, .get, "/api/look?email=owner@example.com", token: viewer, client: onB)
                let email = (look.json["fields"] as? [String: Any])?["email"] as? String
                if look.status != 200 || (email == "owner@example.com") != allowed {
                    stale.append("round \(round): \(look.status) email \(email ?? "null"), saved \(allowed)")
                }
            }
            #expect(stale.isEmpty, "server B showed the old access: \(stale.prefix(5))")
        }
    }

    @Test func aSessionEndedOnOneServerIsRefusedByTheOther() async throws {
        try await TwoServersTests.withTwoServers { a, b in
            _ = try await TwoServersTests.signUp(a, "dana@example.com", role: "member")
            let (onA, onB) = (CurlHTTPClient(), CurlHTTPClient())
            var stale: [String] = []
            for round in 0..<Self.rounds {
                // Which server signs in and out alternates, so each one's view of the other's writes is checked.
                let (writer, reader, toWriter, toReader) = round % 2 == 0 ? (a, b, onA, onB) : (b, a, onB, onA)
                let signIn = try await TwoServersTests.call(
                    writer, .post, "/api/auth/signin",
                    body: #"{"email":"dana@example.com","password":"correct horse"}"#,
                    client: toWriter)
                let token = try #require(signIn.json["token"] as? String, "round \(round): \(signIn.json)")
                let live = try await TwoServersTests.call(reader, .get, "/api/me", token: token, client: toReader)
                let signOut = try await TwoServersTests.call(
                    writer, .post, "/api/auth/signout", token: token, client: toWriter)
                #expect(signOut.status == 204)
                let ended = try await TwoServersTests.call(reader, .get, "/api/me", token: token, client: toReader)
                if live.status != 200 || ended.status != 401 {
                    stale.append("round \(round): before \(live.status), after \(ended.status)")
                }
            }
            #expect(stale.isEmpty, "the other server answered with the old session: \(stale.prefix(5))")
        }
    }
}
