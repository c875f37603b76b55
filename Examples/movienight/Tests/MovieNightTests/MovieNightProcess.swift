import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of a built executable of this package (`movienight`, `movienight-server`), found beside the test bundle.
struct Executable {
    let name: String

    /// The built executable: `swift test` builds the package's executables beside its tests.
    var path: String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path
    }
}

/// What one `movienight` run printed, and how it ended.
struct Run: CustomStringConvertible {
    let status: Int32
    let output: String
    let errors: String

    var description: String { "exit \(status)\nstdout:\n\(output)\nstderr:\n\(errors)" }
}

/// `movienight` over one place (a file, or a server with `--remote`), as one person at a terminal-less shell.
struct MovieNight {
    /// `--db FILE` or `--remote URL`.
    let place: [String]
    /// Its own HOME and XDG folders, so remote sign-ins and mail stay in the test's folder.
    let home: String

    func run(_ arguments: [String], input: String = "", as account: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Executable(name: "movienight").path)
        process.arguments = place + (account.map { ["--account", $0] } ?? []) + arguments
        process.environment = [
            "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "NO_COLOR": "1",
            "KITH_PASSWORD": "correct horse battery", "PATH": "/usr/bin:/bin",
        ]
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }
}

/// The built `movienight-server` on 127.0.0.1 at a free port, over its own SQLite file.
final class MovieNightServer {
    let process = Process()
    let port: Int
    let database: String

    var url: String { "http://127.0.0.1:\(port)" }

    init(folder: String) throws {
        port = try Self.freePort()
        database = folder + "/server.sqlite"
        process.executableURL = URL(fileURLWithPath: Executable(name: "movienight-server").path)
        process.arguments = ["--db", database, "--host", "127.0.0.1", "--port", String(port)]
        let log =
            FileHandle(forWritingAtPath: folder + "/server.log")
            ?? {
                FileManager.default.createFile(atPath: folder + "/server.log", contents: nil)
                return FileHandle(forWritingAtPath: folder + "/server.log")!
            }()
        process.standardOutput = log
        process.standardError = log
        try process.run()
    }

    /// Waits until `/health` answers (about 20 s at most).
    func waitForHealth() async -> Bool {
        for _ in 0..<200 {
            if let (_, response) = try? await URLSession.shared.data(from: URL(string: url + "/health")!),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return true
            }
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
        return false
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A port nothing listens on now: the kernel's pick for a socket bound to port 0.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The rows of `table` in the SQLite file at `path` that mention `text` (the `sqlite3` shell, read-only).
func rows(in path: String, table: String, mentioning text: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-readonly", path, "SELECT * FROM \(table)"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.contains(text) }
}
