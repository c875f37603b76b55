import Foundation
import NetworkingTesting
import StorageTesting
import Synchronization

/// kith on a pseudo-terminal (through `script`), driven like a person at the keyboard: keys are sent once
/// the screen shows what a person would wait for, never after a guessed pause.
/// `@unchecked`: `process` and `input` are used by the test's own task only; the screen is behind its lock.
final class TerminalSession: @unchecked Sendable {
    /// What the terminal has shown, appended to by the pipe's reader.
    final class Screen: Sendable {
        let data = Mutex(Data())
        /// Whether the pipe has ended: everything the session wrote is in `data`.
        let ended = Mutex(false)
    }

    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        let screen: String
        var description: String {
            "timed out waiting for \(waitingFor.debugDescription); screen: \(screen.debugDescription)"
        }
    }

    private let process: ChildProcess
    private let input: FileHandle
    private let screen = Screen()

    /// Starts `command` (a shell command line) on a pseudo-terminal.
    init(_ command: String, environment: [String: String]) throws {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = KithProcess.childEnvironment(environment)
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        self.process = process
        self.input = stdin.fileHandleForWriting
        let screen = self.screen
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                screen.ended.withLock { $0 = true }
            } else {
                screen.data.withLock { $0.append(data) }
            }
        }
        try ProcessLaunch.run(process)
    }

    /// Everything the terminal has shown so far.
    var output: String { String(decoding: screen.data.withLock { $0 }, as: UTF8.self) }

    /// Waits until `text` has appeared `count` times in all, polling every 20 ms for up to `seconds`.
    func waitFor(_ text: String, count: Int = 1, seconds: Double = 30) async throws {
        guard try await poll(timeout: .seconds(seconds), { output.components(separatedBy: text).count - 1 >= count })
        else { throw Timeout(waitingFor: text, screen: output) }
    }

    /// Types `keys`.
    func type(_ keys: String) {
        input.write(Data(keys.utf8))
    }

    /// Waits for the session to end (up to `seconds`; then it is killed) and returns its exit status.
    func exitStatus(seconds: Double = 30) async throws -> Int32 {
        guard try await poll(timeout: .seconds(seconds), { !process.isRunning }) else {
            process.terminate()
            throw Timeout(waitingFor: "the end of the session", screen: output)
        }
        try? input.close()
        // The last output may still be on its way through the pipe: until it ends (not a failure when something
        // the session started holds it open).
        _ = try await poll(timeout: .seconds(2), every: .milliseconds(5)) { screen.ended.withLock { $0 } }
        return process.terminationStatus
    }
}
