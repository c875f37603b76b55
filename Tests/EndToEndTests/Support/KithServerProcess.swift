import Foundation
import NetworkingTesting
import StorageTesting
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `kith-server` running on 127.0.0.1 at a free port over a temporary database, for one test.
///
/// `stop()` (call it in a `defer`) kills it; its output goes to a log file the tests search for secrets.
final class KithServerProcess: @unchecked Sendable {
    let process: ChildProcess
    let port: Int
    let database: String
    let log: String

    var url: String { "http://127.0.0.1:\(port)" }

    /// `kith-server` beside `kith` (`swift test` builds both), or `$KITH_SERVER_BINARY`.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["KITH_SERVER_BINARY"] { return path }
        return URL(fileURLWithPath: KithProcess.binary).deletingLastPathComponent()
            .appendingPathComponent("kith-server").path
    }()

    private init(process: ChildProcess, port: Int, database: String, log: String) {
        self.process = process
        self.port = port
        self.database = database
        self.log = log
    }

    /// Starts a server in `folder` (on its own SQLite file, the file `file` when given, or on the PostgreSQL database
    /// `databaseURL`) and waits for `/health`; a port taken meanwhile is retried with another.
    static func start(
        in folder: String, databaseURL: String? = nil, file: String? = nil, arguments extra: [String] = []
    ) async throws -> KithServerProcess {
        var lastError: any Error = ServerStartError(message: "never tried")
        for attempt in 1...5 {
            let port = try freePort()
            let database = file ?? folder + "/server-\(attempt).sqlite"
            let log = folder + "/server-\(attempt).log"
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments =
                (databaseURL.map { ["--database", $0] } ?? ["--db", database])
                + ["--host", "127.0.0.1", "--port", String(port)] + extra
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            process.standardOutput = handle
            process.standardError = handle
            process.standardInput = FileHandle.nullDevice
            try ProcessLaunch.run(process)
            let server = KithServerProcess(process: process, port: port, database: database, log: log)
            if await server.waitForHealth() { return server }
            server.stop()
            lastError = ServerStartError(
                message: "kith-server did not answer /health on port \(port): "
                    + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))
        }
        throw lastError
    }

    /// Kills the server and waits for it.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Kills the server at once (SIGKILL, as a crash or `kill -9` would), without waiting for it: `stop()` reaps it.
    func crash() {
        if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) }
    }

    /// Whether the process still runs (it has not crashed or been killed).
    var isRunning: Bool { process.isRunning }

    /// Polls `GET /health` for up to 20 seconds; false when the process ended or never answered.
    ///
    /// The answer counts only once this process's own log says it listens on the port: a server that could not
    /// bind it (taken meanwhile) may still be running, migrating, while another process answers on that port.
    private func waitForHealth() async -> Bool {
        let listening = "listening on 127.0.0.1:\(port)"
        var exited = false
        let healthy = try? await poll(timeout: .seconds(20), every: .milliseconds(100)) {
            guard process.isRunning else {
                exited = true
                return true
            }
            // Asked on a thread of its own: the answer may take seconds, which no thread of the concurrency pool
            // (shared with every other test) should spend waiting.
            let port = port
            let answers = await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: Self.healthAnswers(port: port)) }
            }
            return answers && (try? String(contentsOfFile: log, encoding: .utf8))?.contains(listening) == true
        }
        return healthy == true && !exited
    }

    /// One plain HTTP/1.1 `GET /health` over a socket: true on a 200.
    private static func healthAnswers(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return false }
        let request = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return false }
        return String(decoding: buffer[0..<count], as: UTF8.self).hasPrefix("HTTP/1.1 200")
    }

    /// Ports this test process has handed out: the kernel may give a released port again, and two servers started
    /// together must not be told the same one.
    private static let handedOut = Mutex<Set<Int>>([])

    /// A port the kernel gives for 127.0.0.1:0, released at once for the server to bind, and never handed out before
    /// by this process.
    static func freePort() throws -> Int {
        for _ in 0..<20 {
            let port = try kernelPort()
            if handedOut.withLock({ $0.insert(port).inserted }) { return port }
        }
        throw ServerStartError(message: "no port that was not handed out already")
    }

    private static func kernelPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerStartError(message: "socket() failed") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw ServerStartError(message: "bind() failed") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw ServerStartError(message: "getsockname() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

struct ServerStartError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
