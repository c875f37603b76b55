import Foundation
import Networking
import PostgresStorageTesting
import StorageTesting
import Testing

/// Two `kith-server`s on one PostgreSQL primary, each reading from its hot standby (`--read-replica`, the standby
/// `Tools/with-postgres` starts): what one server acknowledged, the other never answers with older, whether the
/// standby keeps up, is paused or is stopped, and whether or not the client sends its causal token.
@Suite("Reads from a PostgreSQL replica across two kith-servers")
struct ReplicaReadsTests {
    static let rounds = 500

    /// Two servers on a fresh schema, both with the standby as a read replica.
    static func withTwoServers(_ body: (String, String) async throws -> Void) async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let replica = try TestPostgres.replicaURL(of: url)
        let folder = NSTemporaryDirectory() + "kith-replica-servers-" + UUID().uuidString
        for server in ["/a", "/b"] {
            try FileManager.default.createDirectory(atPath: folder + server, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = try await KithServerProcess.start(
            in: folder + "/a", databaseURL: url, arguments: ["--read-replica", replica])
        defer { a.stop() }
        let b = try await KithServerProcess.start(
            in: folder + "/b", databaseURL: url, arguments: ["--read-replica", replica])
        defer { b.stop() }
        try await body(a.url, b.url)
    }

    /// One request; its status, JSON object and causal token.
    static func call(
        _ base: String, _ method: HTTPMethod, _ path: String, token: String? = nil, body: String? = nil,
        readAfter: String? = nil, client: CurlHTTPClient
    ) async throws -> (status: Int, json: [String: Any], readAfter: String?) {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if let readAfter { headers[ReadAfterMiddleware.headerName] = readAfter }
        let response = try await client.send(
            HTTPRequest(
                method: method, url: URL(string: base + path)!, headers: headers, body: body.map { Data($0.utf8) }))
        let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        return (response.status, json, response.headers[ReadAfterMiddleware.headerName])
    }

    /// A counter or gauge of `base`'s `/metrics` (the line that starts with `series`), 0 when absent.
    static func metric(_ base: String, _ series: String) async throws -> Double {
        let response = try await CurlHTTPClient().send(HTTPRequest(url: URL(string: base + "/metrics")!))
        let text = String(decoding: response.body, as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
    }

    static let replicaReads = #"kith_database_reads_total{target="replica"}"#
    static let primaryReads = #"kith_database_reads_total{target="primary"}"#
    static let failedReplicaReads = #"kith_database_replica_skips_total{reason="failed"}"#

    /// Sets the owner's email cell for the viewer's circle and saves it on `server`; the save's causal token.
    static func setEmail(
        allowed: Bool, owner: String, on server: String, client: CurlHTTPClient
    ) async throws -> String? {
        let cell = #"{"field":"email","circle":"Contacts","access":"\#(allowed ? "allow" : "deny")"}"#
        let staged = try await call(server, .put, "/api/access/cells", token: owner, body: cell, client: client)
        let saved = try await call(server, .post, "/api/access/save", token: owner, client: client)
        #expect(staged.status == 200 && saved.status == 200, "\(staged.json) \(saved.json)")
        return saved.readAfter
    }

    /// The owner's email as the viewer's look on `server` shows it (nil: hidden), and the look's status.
    static func lookedEmail(
        viewer: String, on server: String, readAfter: String? = nil, client: CurlHTTPClient
    ) async throws -> (status: Int, email: String?) {
        let look = try await call(
            server, .get, "/api/look?email=owner@example.com", token: viewer, readAfter: readAfter, client: client)
        return (look.status, (look.json["fields"] as? [String: Any])?["email"] as? String)
    }

    @Test func fiveHundredRoundsOfWriteOnAReadOnBAreNeverStaleWithReplayPausedForSome() async throws {
        try await TestPostgres.withReplica {
            try await Self.withTwoServers { a, b in
                let (owner, viewer) = try await TwoServersTests.ownerWithViewer(a, b)
                let (onA, onB) = (CurlHTTPClient(), CurlHTTPClient())
                let paused = 150..<350
                let before = try await Self.metric(b, Self.replicaReads)
                let beforePrimary = try await Self.metric(b, Self.primaryReads)
                var stale: [String] = []
                var tokens = 0
                var servedWhilePaused = 0.0
                do {
                    for round in 0..<Self.rounds {
                        if round == paused.lowerBound {
                            try await TestPostgres.pauseReplay()
                            servedWhilePaused = try await Self.metric(b, Self.replicaReads)
                        }
                        if round == paused.upperBound {
                            servedWhilePaused = try await Self.metric(b, Self.replicaReads) - servedWhilePaused
                            try await TestPostgres.resumeReplay()
                        }
                        let allowed = round % 2 == 0
                        let token = try await Self.setEmail(allowed: allowed, owner: owner, on: a, client: onA)
                        if token != nil { tokens += 1 }
                        // Half the rounds send the save's token as `kith --remote` does; half send none.
                        let look = try await Self.lookedEmail(
                            viewer: viewer, on: b, readAfter: round % 4 < 2 ? token : nil, client: onB)
                        if look.status != 200 || (look.email == "owner@example.com") != allowed {
                            stale.append(
                                "round \(round): \(look.status) email \(look.email ?? "null"), saved \(allowed)")
                        }
                    }
                } catch {
                    try? await TestPostgres.resumeReplay()
                    throw error
                }
                let served = try await Self.metric(b, Self.replicaReads) - before
                let onPrimary = try await Self.metric(b, Self.primaryReads) - beforePrimary
                print(
                    "replica reads: \(Self.rounds) rounds; B's reads on the replica \(Int(served)), on the primary"
                        + " \(Int(onPrimary)); on the replica while replay was paused \(Int(servedWhilePaused))")
                #expect(stale.isEmpty, "server B showed the old access: \(stale.prefix(5))")
                #expect(tokens == Self.rounds, "every save answered with its commit's position")
                #expect(served > 0, "the replica served none of B's reads")
            }
        }
    }

    @Test func withReplayPausedASessionEndedAndAGrantRevokedOnAAreRefusedOnBsNextRequest() async throws {
        try await TestPostgres.withReplica {
            try await Self.withTwoServers { a, b in
                let (owner, viewer) = try await TwoServersTests.ownerWithViewer(a, b)
                let (onA, onB) = (CurlHTTPClient(), CurlHTTPClient())
                _ = try await TwoServersTests.signUp(a, "dana@example.com", role: "member")
                let signIn = try await Self.call(
                    a, .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#,
                    client: onA)
                let dana = try #require(signIn.json["token"] as? String, "\(signIn.json)")
                _ = try await Self.setEmail(allowed: true, owner: owner, on: a, client: onA)
                try await TestPostgres.waitForReplay()
                // Before: B answers both from the replica, which has everything.
                let replicaBefore = try await Self.metric(b, Self.replicaReads)
                #expect(try await Self.call(b, .get, "/api/me", token: dana, client: onB).status == 200)
                #expect(try await Self.lookedEmail(viewer: viewer, on: b, client: onB).email == "owner@example.com")
                // Other tests write to the primary meanwhile, so a read's fence may be just ahead of the standby and
                // go to the primary: a few more reads, each right, until the replica has served one.
                var extra = 0
                while try await Self.metric(b, Self.replicaReads) <= replicaBefore, extra < 50 {
                    #expect(try await Self.call(b, .get, "/api/me", token: dana, client: onB).status == 200)
                    extra += 1
                }
                #expect(try await Self.metric(b, Self.replicaReads) > replicaBefore)

                try await TestPostgres.pauseReplay()
                do {
                    let signOut = try await Self.call(a, .post, "/api/auth/signout", token: dana, client: onA)
                    #expect(signOut.status == 204)
                    _ = try await Self.setEmail(allowed: false, owner: owner, on: a, client: onA)
                    // B's very next requests, without any token: refused, hidden.
                    let me = try await Self.call(b, .get, "/api/me", token: dana, client: onB)
                    #expect(me.status == 401, "\(me.json)")
                    let look = try await Self.lookedEmail(viewer: viewer, on: b, client: onB)
                    #expect(look.status == 200 && look.email == nil, "the revoked email was shown")
                    // The replica still holds the old state: it is what B did not answer with.
                    let stillThere = try await TestPostgres.onReplica { connection in
                        try connection.first("SELECT pg_is_wal_replay_paused()")?.bool(0)
                    }
                    #expect(stillThere == true)
                } catch {
                    try? await TestPostgres.resumeReplay()
                    throw error
                }
                try await TestPostgres.resumeReplay()
            }
        }
    }

    @Test func aReplicaStoppedUnderLoadCostsNoErrorAndReadsMoveToThePrimary() async throws {
        try await TestPostgres.withReplica {
            try await Self.withTwoServers { a, b in
                let (owner, viewer) = try await TwoServersTests.ownerWithViewer(a, b)
                _ = try await Self.setEmail(allowed: true, owner: owner, on: a, client: CurlHTTPClient())
                try await TestPostgres.waitForReplay()
                let failedBefore = try await Self.metric(b, Self.failedReplicaReads)
                let primaryBefore = try await Self.metric(b, Self.primaryReads)
                // The load runs until 2 s after the replica is down (a minute at most, should the stop not come).
                let looks = SharedCount()
                let end = SharedInstant(ContinuousClock.now + .seconds(60))
                let errors = try await withThrowingTaskGroup(of: (requests: Int, errors: [String]).self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            let client = CurlHTTPClient()
                            var (requests, errors) = (0, [String]())
                            while ContinuousClock.now < end.value {
                                requests += 1
                                looks.add()
                                do {
                                    let look = try await Self.lookedEmail(viewer: viewer, on: b, client: client)
                                    if look.status != 200 || look.email != "owner@example.com" {
                                        errors.append("\(look.status) \(look.email ?? "null")")
                                    }
                                } catch {
                                    errors.append("\(error)")
                                }
                            }
                            return (requests, errors)
                        }
                    }
                    // The replica stops under load: once each reader has looked a few times.
                    try await eventually(timeout: .seconds(20), "looks under load before the replica stops") {
                        looks.value >= 20
                    }
                    try await TestPostgres.replicaPgctl("stop", "-m", "fast")
                    let stopped = ContinuousClock.now
                    end.value = stopped + .seconds(2)
                    return try await group.reduce(into: (requests: 0, errors: [String]())) {
                        $0.requests += $1.requests
                        $0.errors += $1.errors
                    }
                }
                try await TestPostgres.replicaPgctl("start")
                let failed = try await Self.metric(b, Self.failedReplicaReads) - failedBefore
                let onPrimary = try await Self.metric(b, Self.primaryReads) - primaryBefore
                print(
                    "replica stopped under load: \(errors.requests) looks, \(errors.errors.count) errors,"
                        + " \(Int(failed)) replica reads retried on the primary, \(Int(onPrimary)) primary reads")
                #expect(errors.errors.isEmpty, "\(errors.errors.prefix(5))")
                #expect(failed >= 1, "no read found the replica gone")
                #expect(onPrimary > failed, "reads did not move to the primary")
                // Back: once its pause is over, B reads from it again.
                try await TestPostgres.waitForReplay()
                let replicaBefore = try await Self.metric(b, Self.replicaReads)
                let client = CurlHTTPClient()
                try await eventually(
                    timeout: .seconds(10), every: .milliseconds(100), "B reading from the replica again"
                ) {
                    _ = try await Self.lookedEmail(viewer: viewer, on: b, client: client)
                    return try await Self.metric(b, Self.replicaReads) > replicaBefore
                }
            }
        }
    }
}
