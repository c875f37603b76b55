import Testing

/// Asks `condition` every `every` until it holds or `timeout` has passed (it is asked once more at the deadline):
/// true when it held. What Kith's tests wait for is a condition, never a fixed pause, and this is the one place where
/// they pause between two looks (every package's tests and the apps' share it; Networking, which has no database,
/// keeps its own).
public func poll(
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
public func eventually(
    timeout: Duration, every: Duration = .milliseconds(20), _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
) async throws -> Bool {
    if try await poll(timeout: timeout, every: every, condition) { return true }
    Issue.record(Comment(rawValue: "not within \(timeout): \(what)"), sourceLocation: sourceLocation)
    return false
}
