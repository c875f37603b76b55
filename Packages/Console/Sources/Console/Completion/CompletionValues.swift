import Synchronization

/// The live values tab completion offers (circle, contact, field names...), refreshed between REPL commands.
///
/// libedit asks for completions synchronously from C, so the values are gathered ahead of time, not on demand.
public final class CompletionValues: Sendable {
    private let storage = Mutex<[String: [String]]>([:])

    public init() {}

    public var values: [String: [String]] { storage.withLock { $0 } }

    /// Replaces every set with what `plugins` offer now.
    public func refresh(from plugins: [any Plugin]) async {
        var gathered: [String: [String]] = [:]
        for plugin in plugins {
            for (key, values) in await plugin.completionValues() { gathered[key, default: []] += values }
        }
        storage.withLock { $0 = gathered }
    }
}
