import Foundation
import Testing

/// kith in one of the two modes a test runs the same steps in: on the local SQLite file `database` (`server` nil)
/// or through `server`; each mode with a state folder of its own beside `database`.
struct KithInMode {
    let server: KithServerProcess?
    let database: String
    let password: String

    /// The SQLite file the rules run on: the local file, or the server's.
    var file: String { server?.database ?? database }

    func run(_ arguments: String...) async throws -> KithProcess.Result { try await launch(arguments) }

    /// Runs `arguments` with `--json`, expecting success; the JSON object printed.
    func object(_ arguments: String...) async throws -> [String: Any] {
        try TranscriptScripts.object(try await json(arguments))
    }

    /// Runs `arguments` with `--json`, expecting success; the JSON array printed.
    func array(_ arguments: String...) async throws -> [[String: Any]] {
        try TranscriptScripts.array(try await json(arguments))
    }

    private func json(_ arguments: [String]) async throws -> String {
        let result = try await launch(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.errors)")
        return result.output
    }

    private func launch(_ arguments: [String]) async throws -> KithProcess.Result {
        let target = server.map { ["--remote", $0.url] } ?? ["--db", database]
        return try await KithProcess.run(
            target + arguments, environment: ["KITH_PASSWORD": password, "XDG_STATE_HOME": database + "-state"])
    }
}
