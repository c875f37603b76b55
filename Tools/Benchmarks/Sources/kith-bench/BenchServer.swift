import Foundation
import Networking

/// One `kith-server` process for a benchmark, on 127.0.0.1 at a free port, over a SQLite file or a PostgreSQL URL.
final class BenchServer {
    /// Where the server keeps its data.
    enum Store {
        case sqlite(path: String)
        case postgres(url: String)
    }

    let process: Process
    let port: Int
    var base: String { "http://127.0.0.1:\(port)" }

    /// Starts `binary` on `store`, with `arguments` besides (mail's flags, say), and waits for `/health`.
    init(binary: String, store: Store, arguments: [String] = []) async throws {
        port = try Self.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        let storeArguments =
            switch store {
            case .sqlite(let path): ["--db", path]
            case .postgres(let url): ["--database", url]
            }
        process.arguments = storeArguments + ["--host", "127.0.0.1", "--port", "\(port)"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let client = CurlHTTPClient()
        for _ in 0..<300 {
            if (try? await client.send(HTTPRequest(url: URL(string: base + "/health")!)))?.status == 200 { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        stop()
        throw ProcessTimer.Failure(description: "kith-server did not answer /health")
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The server's resident memory now, in MiB (VmRSS of /proc/PID/status).
    func residentMiB() throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kiB = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw ProcessTimer.Failure(description: "no VmRSS for kith-server") }
        return kiB / 1024
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return try bindToLoopback(fd)
    }

    /// Binds the socket `fd` to a free port of 127.0.0.1; the port.
    static func bindToLoopback(_ fd: Int32) throws -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw ProcessTimer.Failure(description: "cannot find a free port") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
