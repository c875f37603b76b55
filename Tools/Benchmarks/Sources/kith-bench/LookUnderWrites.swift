import Foundation
import Networking

/// `look`'s p99, quiet and while `writers` other users each add a contact to a circle and take it out again, over
/// and over: a write by one user must not make the server rebuild what it knows of another owner.
enum LookUnderWrites {
    static let writers = 50
    /// The looked-at owner's contacts: enough that rebuilding the owner's access index costs something.
    static let ownerContacts = 1000
    /// Each writer's pause after a write: 50 writers at 4 writes a second each, a busy server's share of editors.
    static let pause: Duration = .milliseconds(250)

    struct Figures {
        var quiet: Wrk.Result
        var loaded: Wrk.Result
        var writesPerSecond: Double
        var refusedWrites: Int
        var p99Ratio: Double { (Wrk.milliseconds(loaded.p99) ?? .nan) / (Wrk.milliseconds(quiet.p99) ?? .nan) }
    }

    static func run(_ server: BenchServer, seconds: Int) async throws -> Figures {
        let base = server.base
        let fixture = try await Fixture.make(base)
        try await inLanes(ownerContacts) { client, index in
            try await BenchHTTP.call(
                client, .post, base + "/api/contacts", token: fixture.owner, body: ["displayName": "Contact \(index)"])
        }
        let tokens = Tokens()
        try await inLanes(writers) { client, index in
            let token = try await BenchHTTP.signUp(client, base, email: "writer\(index)@bench.test", role: "member")
            try await BenchHTTP.call(
                client, .post, base + "/api/contacts", token: token, body: ["displayName": "Friend"])
            await tokens.add(token)
        }

        let look = "/api/look?email=owner@bench.test"
        let quiet = try await Wrk.measure(ports: [server.port], path: look, token: fixture.viewer, seconds: seconds)
        let start = ContinuousClock.now
        let writing = Task { try await write(base, tokens: await tokens.all) }
        try await Task.sleep(for: .milliseconds(500))
        let loaded = try await Wrk.measure(ports: [server.port], path: look, token: fixture.viewer, seconds: seconds)
        writing.cancel()
        let writes = try await writing.value
        let elapsed = ContinuousClock.now - start
        let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Figures(
            quiet: quiet, loaded: loaded, writesPerSecond: Double(writes.done) / elapsedSeconds,
            refusedWrites: writes.refused)
    }

    /// Every writer's loop until cancelled: the writes acknowledged, and those refused (a 503 when the database
    /// gave up on a conflict, say: counted and printed, not fatal, as they are part of what is measured).
    private static func write(_ base: String, tokens: [String]) async throws -> (done: Int, refused: Int) {
        try await withThrowingTaskGroup(of: (done: Int, refused: Int).self) { group in
            for (index, token) in tokens.enumerated() {
                group.addTask {
                    let client = CurlHTTPClient()
                    var (done, refused) = (0, 0)
                    // Independent users do not write in step: each starts at its own point of the pause, so the
                    // writes come evenly rather than as 50 at once every quarter second.
                    try? await Task.sleep(for: pause * index / tokens.count)
                    let writes: [(HTTPMethod, String, [String: Any]?)] = [
                        (.post, "/api/circles/Family/members", ["contacts": ["Friend"]]),
                        (.delete, "/api/circles/Family/members/Friend", nil),
                    ]
                    do {
                        while true {
                            for (method, path, body) in writes {
                                do {
                                    try await BenchHTTP.call(
                                        client, method, base + path, token: token, body: body, retries: 0)
                                    done += 1
                                } catch is CancellationError {
                                    throw CancellationError()
                                } catch {
                                    refused += 1
                                }
                                try await Task.sleep(for: pause)
                            }
                        }
                    } catch {
                        // Cancelled: the measurement is over, and a write cut short is not counted.
                    }
                    return (done, refused)
                }
            }
            return try await group.reduce((0, 0)) { ($0.done + $1.done, $0.refused + $1.refused) }
        }
    }

    /// Runs `body` for 0..<count, eight at a time, each lane with a client of its own.
    static func inLanes(
        _ count: Int, _ body: @escaping @Sendable (CurlHTTPClient, Int) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    let client = CurlHTTPClient()
                    for index in stride(from: lane, to: count, by: 8) { try await body(client, index) }
                }
            }
            try await group.waitForAll()
        }
    }

    private actor Tokens {
        var all: [String] = []
        func add(_ token: String) { all.append(token) }
    }
}
