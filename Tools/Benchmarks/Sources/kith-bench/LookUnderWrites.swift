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
        return Figures(quiet: quiet, loaded: loaded, writesPerSecond: Double(writes) / elapsedSeconds)
    }

    /// Every writer's loop until cancelled; the number of writes made.
    private static func write(_ base: String, tokens: [String]) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for token in tokens {
                group.addTask {
                    let client = CurlHTTPClient()
                    var writes = 0
                    while !Task.isCancelled {
                        try await BenchHTTP.call(
                            client, .post, base + "/api/circles/Family/members", token: token,
                            body: ["contacts": ["Friend"]])
                        try? await Task.sleep(for: pause)
                        try await BenchHTTP.call(
                            client, .delete, base + "/api/circles/Family/members/Friend", token: token)
                        try? await Task.sleep(for: pause)
                        writes += 2
                    }
                    return writes
                }
            }
            return try await group.reduce(0, +)
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
