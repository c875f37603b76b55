import Foundation

/// A real SMTP server for one test: Tools/smtp-test-server.py (aiosmtpd) in its own process on
/// 127.0.0.1, stopped by `stop()` or, should the test process die first, when its stdin pipe closes.
public final class SMTPTestServer: @unchecked Sendable {
    /// One message the server took, as its JSON file holds it.
    public struct Received: Decodable, Sendable {
        public let mailFrom: String
        public let rcptTos: [String]
        public let dataBase64: String
        public let tls: Bool
        public let login: String?
        public var data: Data { Data(base64Encoded: dataBase64) ?? Data() }

        enum CodingKeys: String, CodingKey {
            case mailFrom = "mail_from", rcptTos = "rcpt_tos", dataBase64 = "data_base64", tls, login
        }
    }

    public enum Mode: String, Sendable { case accept, refuse, tempfail, stall }

    public struct StartError: Error, CustomStringConvertible { public let description: String }

    public let port: Int
    public let folder: URL
    private let work: URL?
    /// Nil for the server `Tools/with-smtp` runs (`shared`): its own script stops it.
    private let process: ChildProcess?
    private let input: Pipe?

    /// `smtp://127.0.0.1:PORT` (or `smtps://` for a server started with implicit TLS).
    public func url(scheme: String = "smtp") -> String { "\(scheme)://127.0.0.1:\(port)" }

    /// Starts a server in `mode` on `port` (0: a free one) and waits until it listens.
    public static func start(
        _ mode: Mode = .accept,
        port: Int = 0,
        folder: URL? = nil,
        arguments extra: [String] = []
    ) async throws -> SMTPTestServer {
        let work = try temporaryFolder("kith-smtp-test")
        let folder = folder ?? work.appendingPathComponent("mail")
        let portFile = work.appendingPathComponent("port")
        let log = work.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        // Not Foundation's `Process`, which crashes a test process holding many descriptors (`ChildProcess`).
        let process = ChildProcess()
        let script = repositoryRoot.appendingPathComponent("Tools/smtp-test-server.py").path
        // Debian's python3-aiosmtpd is installed for the system interpreter.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [script]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script]
        }
        process.arguments += [
            "--mode", mode.rawValue, "--port", String(port), "--folder", folder.path, "--port-file", portFile.path,
            "--stop-on-eof",
        ]
        process.arguments += extra
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try ProcessLaunch.run(process)

        for _ in 0..<500 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8),
                let bound = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return SMTPTestServer(port: bound, folder: folder, work: work, process: process, input: input)
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw StartError(description: "the SMTP test server did not start: \(output)")
    }

    /// The server `Tools/with-smtp` (so `Tools/test`) runs for the whole test run, from `KITH_TEST_SMTP_URL` and
    /// `KITH_TEST_SMTP_MAILDIR`; nil when the tests run without it. Its messages are every test's: read them by
    /// recipient.
    public static var shared: SMTPTestServer? {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["KITH_TEST_SMTP_URL"].flatMap(URL.init(string:)), let port = url.port,
            let folder = environment["KITH_TEST_SMTP_MAILDIR"]
        else { return nil }
        let folderURL = URL(fileURLWithPath: folder)
        return SMTPTestServer(port: port, folder: folderURL, work: nil, process: nil, input: nil)
    }

    /// This test's own server (`start`), else the shared one.
    public static func sharedOrStarted() async throws -> SMTPTestServer {
        if let shared { return shared }
        return try await start()
    }

    private init(port: Int, folder: URL, work: URL?, process: ChildProcess?, input: Pipe?) {
        self.port = port
        self.folder = folder
        self.work = work
        self.process = process
        self.input = input
    }

    /// Stops the server and waits for it to exit, so its port is free again; removes its own files
    /// (a `folder` given to `start` is the caller's).
    public func stop() {
        guard let process else { return }
        try? input?.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        if let work { try? FileManager.default.removeItem(at: work) }
    }

    /// Every message the server took, in arrival order.
    public func received() throws -> [Received] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { name in
            try JSONDecoder().decode(Received.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }

    /// The file names of the messages taken, in arrival order (the accept reply names the file).
    public func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    public static let repositoryRoot: URL = {
        // .../Packages/Networking/Tests/NetworkingTests/SMTPTestServer.swift
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url
    }()

    public static func temporaryFolder(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A self-signed certificate for 127.0.0.1 made with the openssl command, for the TLS tests.
public struct TestCertificate {
    public let folder: URL
    public let certificate: String
    public let key: String

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    public static func make() throws -> TestCertificate {
        let folder = try SMTPTestServer.temporaryFolder("kith-smtp-cert")
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        _ = try ChildProcess.output(of: [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days",
            "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ])
        return TestCertificate(folder: folder, certificate: certificate, key: key)
    }

    /// A certificate authority of its own (`ca.pem`, as an operator's private CA) and a certificate for 127.0.0.1 it
    /// signed: trusted only by a client given `ca.pem`, never by the system's bundle.
    public static func makeSignedByCA() throws -> (server: TestCertificate, authority: String) {
        let folder = try SMTPTestServer.temporaryFolder("kith-smtp-ca")
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let extensions = path("server.ext")
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".write(
            toFile: extensions, atomically: true, encoding: .utf8)
        for command in [
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca-key.pem"), "-out",
                path("ca.pem"), "-days", "2", "-subj", "/CN=Kith Test CA", "-addext",
                "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            [
                "openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("key.pem"), "-out",
                path("server.csr"), "-subj", "/CN=127.0.0.1",
            ],
            [
                "openssl", "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey",
                path("ca-key.pem"), "-CAcreateserial", "-out", path("cert.pem"), "-days", "2", "-extfile", extensions,
            ],
        ] {
            _ = try ChildProcess.output(of: command)
        }
        return (TestCertificate(folder: folder, certificate: path("cert.pem"), key: path("key.pem")), path("ca.pem"))
    }
}
