import Foundation
import NetworkingTesting

/// Runs the built `kith` binary (or a shell line around it) as a separate process.
struct KithProcess {
    struct Result: Sendable {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The `kith` built beside this test bundle (`swift test` builds it first), or `$KITH_BINARY`.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["KITH_BINARY"] { return path }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("kith").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("kith").path
    }()

    /// Runs kith with `arguments`, feeding `input` on standard input.
    static func run(
        _ arguments: [String], input: Data = Data(), environment: [String: String] = [:]
    ) async throws -> Result {
        try await launch(binary, arguments, input: input, environment: environment)
    }

    /// Runs `program` with `arguments` to its end (another built binary: `kith-server migrate`).
    static func run(program: String, _ arguments: [String]) async throws -> Result {
        try await launch(program, arguments, input: Data(), environment: [:])
    }

    /// Runs `/bin/sh -c script` (for pseudo-terminal sessions through `script`).
    static func shell(_ script: String, environment: [String: String] = [:]) async throws -> Result {
        try await launch("/bin/sh", ["-c", script], input: Data(), environment: environment)
    }

    /// Where child kiths keep what they keep under `$XDG_DATA_HOME` (their Maildir), unless a test says: never the
    /// home folder of whoever runs the tests.
    static let dataHome = NSTemporaryDirectory() + "kith-e2e-data-\(ProcessInfo.processInfo.processIdentifier)"

    /// This process's environment without colour, with `extra` over it: what every child kith runs with.
    static func childEnvironment(_ extra: [String: String]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = "1"
        merged["XDG_DATA_HOME"] = dataHome
        for (key, value) in extra { merged[key] = value }
        return merged
    }

    private static func launch(
        _ program: String, _ arguments: [String], input: Data, environment: [String: String]
    ) async throws -> Result {
        // ChildProcess waits on a thread of its own, never on the concurrency pool, which other tests need.
        let finished = try await ChildProcess.finish(
            program, arguments, input: input, environment: childEnvironment(environment))
        return Result(status: finished.status, output: finished.output, errors: finished.errors)
    }
}
