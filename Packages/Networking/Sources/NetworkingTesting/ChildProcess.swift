import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts test processes one at a time (their start only; they run at the same time).
public enum ProcessLaunch {
    private static let starting = Mutex(())

    /// Starts `process`.
    public static func run(_ process: ChildProcess) throws {
        try starting.withLock { _ in try process.run() }
    }
}

/// A child process started with `posix_spawn`, with the part of Foundation's `Process` interface the tests use
/// (the end-to-end tests' binaries, the SMTP test server, Python checks).
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` to close the parent's descriptors in the
/// child and copies each entry's whole name buffer, reading past glibc's directory buffer when it is full; with the
/// whole suite running (about 1,350 descriptors open) that crashed the test process. Here the child closes every
/// descriptor above 2 itself (`posix_spawn_file_actions_addclosefrom_np`), and signals are reset to their defaults.
public final class ChildProcess: @unchecked Sendable {
    public enum TerminationReason: Sendable {
        case exit, uncaughtSignal
    }

    public var executableURL: URL?
    public var arguments: [String] = []
    /// nil: the test process's environment.
    public var environment: [String: String]?
    /// A `Pipe` (the child gets its read end) or a `FileHandle`; nil: the test process's own.
    public var standardInput: Any?
    /// A `Pipe` (the child gets its write end) or a `FileHandle`; nil: the test process's own.
    public var standardOutput: Any?
    public var standardError: Any?

    public private(set) var processIdentifier: pid_t = 0
    /// The raw `waitpid` status once reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// A process to start with `run()` (or `ProcessLaunch.run`).
    public init() {}

    /// Starts the process.
    public func run() throws {
        guard let executableURL else { throw SpawnError(message: "no executable") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        for (target, stream, isInput) in [
            (Int32(0), standardInput, true), (Int32(1), standardOutput, false), (Int32(2), standardError, false),
        ] {
            guard let stream else { continue }
            let descriptor: Int32
            if let pipe = stream as? Pipe {
                descriptor = (isInput ? pipe.fileHandleForReading : pipe.fileHandleForWriting).fileDescriptor
            } else if let handle = stream as? FileHandle, handle !== FileHandle.nullDevice {
                descriptor = handle.fileDescriptor
            } else {
                descriptor = open("/dev/null", isInput ? O_RDONLY : O_WRONLY)
                opened.append(descriptor)
            }
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        }
        guard let closeFrom = Self.closeFrom, closeFrom(&actions, 3) == 0 else {
            throw SpawnError(message: "posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later) is missing")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executableURL.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
        let envp = variables + [nil]
        defer { variables.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executableURL.path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnError(message: "posix_spawn \(executableURL.path): \(status)") }
        processIdentifier = pid
        // The child has its ends now: without closing ours, a reader would never see the end of its output.
        if let pipe = standardInput as? Pipe { try? pipe.fileHandleForReading.close() }
        if let pipe = standardOutput as? Pipe { try? pipe.fileHandleForWriting.close() }
        if let pipe = standardError as? Pipe, (standardOutput as? Pipe) !== pipe {
            try? pipe.fileHandleForWriting.close()
        }
    }

    /// Whether the child is still running (reaping it when it has ended).
    public var isRunning: Bool {
        reaped.withLock { status in
            if status != nil { return false }
            var raw: Int32 = 0
            let result = waitpid(processIdentifier, &raw, WNOHANG)
            if result == processIdentifier {
                status = raw
                return false
            }
            return result == 0
        }
    }

    /// Waits for the child to end.
    public func waitUntilExit() {
        while isRunning { usleep(5_000) }
    }

    /// Sends SIGTERM.
    public func terminate() {
        if processIdentifier > 0 { kill(processIdentifier, SIGTERM) }
    }

    public var terminationReason: TerminationReason {
        ((reaped.withLock { $0 } ?? 0) & 0x7f) == 0 ? .exit : .uncaughtSignal
    }

    /// The exit code, or the signal that ended it.
    public var terminationStatus: Int32 {
        let raw = reaped.withLock { $0 } ?? 0
        return (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, found at run time (Swift's Glibc module does not declare
    /// it).
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()
}

extension ChildProcess {
    /// How a process run to its end (`finish`) ended, and what it printed.
    public struct Finished: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String
    }

    /// Runs `program` with `arguments` and `environment` (nil: this process's) to its end, feeding `input`.
    public static func finish(
        _ program: String, _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil
    ) throws -> Finished {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try ProcessLaunch.run(process)
        // Both pipes are read while the input is written, so neither can fill and stall the child. Each is read on
        // a thread of its own: `DispatchQueue.global()` is the root queue the Swift concurrency pool runs on, and
        // on Linux a few reads blocked there keep every task of the test process waiting for a thread.
        let group = DispatchGroup()
        nonisolated(unsafe) var output = Data()
        nonisolated(unsafe) var errors = Data()
        group.enter()
        Thread.detachNewThread {
            output = readToEnd(stdout.fileHandleForReading)
            group.leave()
        }
        group.enter()
        Thread.detachNewThread {
            errors = readToEnd(stderr.fileHandleForReading)
            group.leave()
        }
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Finished(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    /// What `handle` gives until its end, read with POSIX `read`: Foundation's `readDataToEndOfFile()` ends the whole
    /// test process on a read error; here the error ends the output, and the test that wanted it fails alone.
    private static func readToEnd(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(handle.fileDescriptor, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    /// `finish` from a task: it waits on a thread of its own, never on the Swift concurrency pool, whose few
    /// threads the other tests' tasks need meanwhile.
    public static func finish(
        _ program: String, _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil
    ) async throws -> Finished {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try finish(program, arguments, input: input, environment: environment) as Finished
                    })
            }
        }
    }

    /// Runs `arguments` (the first found on `PATH`) to its end, feeding `input`: its standard output, or a failure
    /// with its standard error when it exits non-zero.
    public static func output(of arguments: [String], input: Data = Data()) throws -> String {
        try checked(finish("/usr/bin/env", arguments, input: input), arguments)
    }

    /// `output(of:input:)` from a task, waiting on a thread of its own.
    public static func output(of arguments: [String], input: Data = Data()) async throws -> String {
        try checked(await finish("/usr/bin/env", arguments, input: input), arguments)
    }

    private static func checked(_ finished: Finished, _ arguments: [String]) throws -> String {
        guard finished.status == 0 else { throw SpawnError(message: "\(arguments[0]) failed: " + finished.errors) }
        return finished.output
    }

    /// Waits for the child to end from a task, without holding a thread of the concurrency pool.
    public func exited() async {
        while isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    }
}
