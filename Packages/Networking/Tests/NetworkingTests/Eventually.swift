import Foundation
import Testing

/// Asks `condition` every `every` until it holds or `timeout` has passed (it is asked once more at the deadline):
/// true when it held. What this target's tests wait for is a condition, never a fixed pause, and this is the one
/// place where they pause between two looks.
func poll(
    timeout: Duration, every: Duration = .milliseconds(20), _ condition: () async throws -> Bool
) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: every)
    }
}

/// Waits (as `poll`) until `condition` holds; when it has not within `timeout`, records a failure that names `what`
/// (what was waited for) and returns false.
@discardableResult
func eventually(
    timeout: Duration, every: Duration = .milliseconds(20), _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
) async throws -> Bool {
    if try await poll(timeout: timeout, every: every, condition) { return true }
    Issue.record(Comment(rawValue: "not within \(timeout): \(what)"), sourceLocation: sourceLocation)
    return false
}

/// How many TCP connections to the local `port` are established now, as the kernel lists them (/proc/net/tcp: both
/// ends of a loopback connection are listed, and this counts the client's).
func establishedConnections(to port: Int) throws -> Int {
    let digits = String(port, radix: 16, uppercase: true)
    let remote = ":" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    // Read to its end: String(contentsOfFile:) stops at the first 4 KB of a /proc file (some 27 connections).
    guard let table = FileHandle(forReadingAtPath: "/proc/net/tcp") else { throw CocoaError(.fileNoSuchFile) }
    defer { try? table.close() }
    return String(decoding: table.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").dropFirst()
        .filter { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[2].hasSuffix(remote) && fields[3] == "01"
        }.count
}
