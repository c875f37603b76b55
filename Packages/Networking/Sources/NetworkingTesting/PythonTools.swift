import Foundation

/// The tests' outside checks written in Python by others (pyotp, soft-webauthn), pinned and installed apart from the
/// system's packages by `Tools/python-tools` into `.build/python-tools`; `Tools/test` exports that folder as
/// `KITH_TEST_PYTHONPATH`.
public enum PythonTools {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The folder holding the packages: `KITH_TEST_PYTHONPATH`, else `.build/python-tools` of this repository. A
    /// test that needs them fails (never skips) with how to install them.
    public static func folder() throws -> String {
        var candidates = [String]()
        if let path = ProcessInfo.processInfo.environment["KITH_TEST_PYTHONPATH"], !path.isEmpty {
            candidates.append(path)
        }
        // This file is Packages/Networking/Sources/NetworkingTesting/PythonTools.swift.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { root.deleteLastPathComponent() }
        candidates.append(root.appendingPathComponent(".build/python-tools").path)
        for folder in candidates where FileManager.default.fileExists(atPath: folder + "/pyotp") {
            return folder
        }
        throw Missing(description: "The Python test tools are in none of \(candidates): run Tools/python-tools")
    }

    /// Runs the Python `script` with `arguments` and the tools on its path, feeding `input`: its standard output, or
    /// a failure with its standard error. It waits on a thread of its own, never on the Swift concurrency pool, so
    /// tests waiting for Python do not starve the tasks of others.
    public static func run(_ script: String, arguments: [String] = [], input: Data = Data()) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = try folder()
        let finished = try await ChildProcess.finish(
            "/usr/bin/env", ["python3", "-c", script] + arguments, input: input, environment: environment)
        guard finished.status == 0 else { throw Missing(description: "python3 failed: " + finished.errors) }
        return finished.output
    }
}
