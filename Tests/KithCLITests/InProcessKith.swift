import Console
import Foundation

@testable import KithCLI

/// kith run in-process, as a one-shot command or a script, with `home` as its HOME.
struct InProcessKith: Sendable {
    struct Run: Sendable {
        let status: Int32
        let output: String
        let errors: String
    }

    let home: String
    /// Added to HOME and NO_COLOR (a password in `KITH_PASSWORD`, for instance).
    var environment: [String: String] = [:]

    func run(_ arguments: [String], input: String = "") async -> Run {
        let output = CapturedText()
        let errors = CapturedText()
        let terminal = KithApp.Terminal(output: output, errors: errors, input: .text(input))
        let status = await kithApp.run(
            arguments: arguments, environment: environment.merging(["HOME": home, "NO_COLOR": "1"]) { $1 },
            terminal: terminal)
        return Run(status: status, output: output.text, errors: errors.text)
    }
}
