import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts test processes one at a time (their start only; they run at the same time).
enum ProcessLaunch {
    private static let starting = Mutex(())

    static func run(_ process: ChildProcess) throws {
        try starting.withLock { _ in try process.run() }
    }
}

/// A child process started with `posix_spawn`, with the part of Foundation's `Process` interface the tests use.
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` to close the parent's descriptors in the
/// child and copies each entry's whole name buffer, reading past glibc's directory buffer when it is full; with the
/// whole suite running (about 1,350 descriptors open) that crashed the test process. Here the child closes every
/// descriptor above 2 itself (`posix_spawn_file_actions_addclosefrom_np`), and signals are reset to their defaults.
final class ChildProcess: @unchecked Sendable {
    enum TerminationReason {
        case exit, uncaughtSignal
    }

    var executableURL: URL?
    var arguments: [String] = []
    /// nil: the test process's environment.
    var environment: [String: String]?
    /// A `Pipe` (the child gets its read end) or a `FileHandle`; nil: the test process's own.
    var standardInput: Any?
    /// A `Pipe` (the child gets its write end) or a `FileHandle`; nil: the test process's own.
    var standardOutput: Any?
    var standardError: Any?

    private(set) var processIdentifier: pid_t = 0
    /// The raw `waitpid` status once reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts the process.
    func run() throws {
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
    var isRunning: Bool {
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
    func waitUntilExit() {
        while isRunning { usleep(5_000) }
    }

    /// Sends SIGTERM.
    func terminate() {
        if processIdentifier > 0 { kill(processIdentifier, SIGTERM) }
    }

    var terminationReason: TerminationReason {
        ((reaped.withLock { $0 } ?? 0) & 0x7f) == 0 ? .exit : .uncaughtSignal
    }

    /// The exit code, or the signal that ended it.
    var terminationStatus: Int32 {
        let raw = reaped.withLock { $0 } ?? 0
        return (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    }

    struct SpawnError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
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
