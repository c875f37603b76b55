import Foundation
import Networking
import PostgresStorageTesting
import StorageTesting
import Testing

/// Two built `kith-server`s on one PostgreSQL database, under load from several writers spread over both, when one
/// of them dies or the database restarts.
@Suite("Two kith-servers when a server or the database fails")
struct TwoServersFaultTests {
    /// One write: a new contact named `name` for the account of `token`.
    static func addContact(_ client: CurlHTTPClient, _ base: String, token: String, name: String) async throws -> Int {
        let response = try await client.send(
            HTTPRequest(
                method: .post, url: URL(string: base + "/api/contacts")!,
                headers: ["Content-Type": "application/json", "Authorization": "Bearer \(token)"],
                body: Data(#"{"displayName":"\#(name)"}"#.utf8), timeout: .seconds(10)))
        return response.status
    }

    /// The display names of the contacts of the account of `token`, as `base` lists them.
    static func contactNames(_ base: String, token: String) async throws -> Set<String> {
        let response = try await CurlHTTPClient().send(
            HTTPRequest(url: URL(string: base + "/api/contacts")!, headers: ["Authorization": "Bearer \(token)"]))
        let contacts = (try? JSONSerialization.jsonObject(with: response.body)) as? [[String: Any]] ?? []
        return Set(contacts.compactMap { $0["displayName"] as? String })
    }

    @Test func killingOneServerUnderLoadLosesNoAcknowledgedWrite() async throws {
        try await TwoServersTests.withTwoServers(on: try await TestPostgres.freshSchemaURL()) { a, b in
            let writers = 6
            let tokens = try await TwoServersTests.signUp(
                writers, "writer", role: "member", alternatelyOn: a.url, b.url)
            let acknowledgedOnA = SharedCount()
            // Each writer alternates between the servers, keeps what was acknowledged (201) and what B answered.
            let outcomes = try await withThrowingTaskGroup(
                of: (acknowledged: Set<String>, refusedByB: [String], failedOnA: Int).self
            ) { group in
                for (writer, token) in tokens.enumerated() {
                    group.addTask {
                        let clients = (a: CurlHTTPClient(), b: CurlHTTPClient())
                        var acknowledged: Set<String> = []
                        var refusedByB: [String] = []
                        var failedOnA = 0
                        let start = ContinuousClock.now
                        var write = 0
                        while ContinuousClock.now - start < .seconds(4) && write < 400 {
                            let name = "W\(writer) C\(write)"
                            let onA = (write + writer) % 2 == 0
                            do {
                                let status = try await Self.addContact(
                                    onA ? clients.a : clients.b, onA ? a.url : b.url, token: token, name: name)
                                if status == 201 { acknowledged.insert(name) }
                                if onA && status == 201 { acknowledgedOnA.add() }
                                if !onA && status != 201 { refusedByB.append("\(name): \(status)") }
                            } catch {
                                // A dead server refuses the connection; server B must never fail like that.
                                if onA { failedOnA += 1 } else { refusedByB.append("\(name): \(error)") }
                                // kept: a pace, not a wait for anything; without it a writer spends its turns
                                // on A (refused at once) as fast as it can, and the load on B is what remains.
                                if onA { try await Task.sleep(for: .milliseconds(5)) }
                            }
                            write += 1
                        }
                        return (acknowledged, refusedByB, failedOnA)
                    }
                }
                // A dies under load: once it has acknowledged writes of the writers' first rounds (within the 4 s
                // the writers write: "A was not killed under load" below says when the load did not come).
                _ = try await poll(timeout: .seconds(3), every: .milliseconds(10)) {
                    acknowledgedOnA.value >= 2 * writers
                }
                a.crash()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(!a.isRunning)
            #expect(b.isRunning, "server B died with A")
            #expect(outcomes.allSatisfy { $0.refusedByB.isEmpty }, "B: \(outcomes.flatMap { $0.refusedByB }.prefix(5))")
            #expect(outcomes.map { $0.failedOnA }.reduce(0, +) > 0, "A was not killed under load")
            #expect(outcomes.allSatisfy { !$0.acknowledged.isEmpty })
            // Every acknowledged write is in the database, as the surviving server reads it.
            for (index, token) in tokens.enumerated() {
                let stored = try await Self.contactNames(b.url, token: token)
                let acknowledged = outcomes.map { $0.acknowledged }.reduce(into: Set<String>()) { $0.formUnion($1) }
                    .filter { $0.hasPrefix("W\(index) ") }
                #expect(acknowledged.subtracting(stored).isEmpty, "lost: \(acknowledged.subtracting(stored).sorted())")
            }
        }
    }

    @Test func anImmediateDatabaseRestartUnderLoadIs503AndBothServersServeAgainWithin5Seconds() async throws {
        let cluster = try await TestPostgres.privateCluster()
        defer { cluster.stop() }
        try await TwoServersTests.withTwoServers(on: cluster.url) { a, b in
            let servers = [a, b]
            let tokens = try await TwoServersTests.signUp(4, "loader", role: "member", alternatelyOn: a.url, b.url)
            let answered = SharedCount()
            // Writers and readers on both servers until cancelled: every answer is 2xx or 503 with Retry-After.
            let load = Task {
                try await withThrowingTaskGroup(of: [String: Int].self) { group in
                    for (index, token) in tokens.enumerated() {
                        group.addTask {
                            let client = CurlHTTPClient()
                            var statuses: [String: Int] = [:]
                            var round = 0
                            while !Task.isCancelled && round < 5000 {
                                let base = servers[(index + round) % 2].url
                                let status: String
                                do {
                                    let response = try await client.send(
                                        round % 2 == 0
                                            ? HTTPRequest(
                                                url: URL(string: base + "/api/me")!,
                                                headers: ["Authorization": "Bearer \(token)"], timeout: .seconds(10))
                                            : HTTPRequest(
                                                method: .post, url: URL(string: base + "/api/contacts")!,
                                                headers: [
                                                    "Content-Type": "application/json",
                                                    "Authorization": "Bearer \(token)",
                                                ],
                                                body: Data(#"{"displayName":"L\#(index) C\#(round)"}"#.utf8),
                                                timeout: .seconds(10)))
                                    let retryAfter = response.headers["Retry-After"] != nil
                                    status =
                                        response.status == 503 && !retryAfter
                                        ? "503 without Retry-After" : String(response.status)
                                } catch is CancellationError {
                                    break  // the load is over: this request was cut short, not refused
                                } catch {
                                    status = "no answer: \(error)"
                                }
                                statuses[status, default: 0] += 1
                                answered.add()
                                round += 1
                            }
                            return statuses
                        }
                    }
                    return try await group.reduce(into: [String: Int]()) { $0.merge($1, uniquingKeysWith: +) }
                }
            }
            // The restart comes under load: once every loader has had answers from both servers.
            try await eventually(timeout: .seconds(20), "answers under load before the restart") {
                answered.value >= 8 * tokens.count
            }
            try await cluster.pgctl("restart", "-m", "immediate")
            let back = ContinuousClock.now
            // Each server serves again by itself (a read and a write), within 5 s of the database's return.
            var servedAfter: [Duration] = []
            for (index, server) in servers.enumerated() {
                try await eventually(
                    timeout: .seconds(5) - (ContinuousClock.now - back), every: .milliseconds(50),
                    "server \(index) serving again within 5 s of the database's return"
                ) {
                    let me = try await TwoServersTests.call(server.url, .get, "/api/me", token: tokens[index])
                    let write = try await TwoServersTests.call(
                        server.url, .post, "/api/contacts", token: tokens[index],
                        body: #"{"displayName":"Back \#(index) \#(UUID().uuidString.prefix(8))"}"#)
                    return me.status == 200 && write.status == 201
                }
                servedAfter.append(ContinuousClock.now - back)
            }
            // The load goes on a little after both serve again: more answers, each of which must be 2xx or 503.
            let answeredWhenBack = answered.value
            try await eventually(timeout: .seconds(20), "answers under load after the return") {
                answered.value >= answeredWhenBack + 4 * tokens.count
            }
            load.cancel()
            let statuses = try await load.value
            #expect(a.isRunning && b.isRunning, "a server crashed")
            let unexpected = statuses.filter { !["200", "201", "503"].contains($0.key) }
            #expect(unexpected.isEmpty, "answers under load: \(statuses)")
            // The restart was felt: requests refused, or (since a connection found dead before anything committed
            // is replaced and its call run again) connections replaced without a refusal.
            var replaced = 0
            for server in servers {
                let metrics = try await CurlHTTPClient().send(HTTPRequest(url: URL(string: server.url + "/metrics")!))
                let line = String(decoding: metrics.body, as: UTF8.self).split(separator: "\n").first {
                    $0.hasPrefix("kith_database_connections_replaced_total ")
                }
                replaced += line.flatMap { $0.split(separator: " ").last.flatMap { Double($0) } }.map { Int($0) } ?? 0
            }
            #expect(statuses["503", default: 0] + replaced > 0, "nothing saw the restart: \(statuses)")
            print(
                "database restart under load: \(statuses); \(replaced) connections replaced; served again after "
                    + "\(servedAfter)")
        }
    }
}
