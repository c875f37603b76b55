import Foundation
import Networking

/// The built `kith-fake-oidc` (a fake Google) on 127.0.0.1 at a free port, approving one test user.
final class FakeProviderProcess: @unchecked Sendable {
    let process: Process
    let issuer: String
    static let clientId = "kith-e2e-client"

    /// `kith-fake-oidc` beside `kith`.
    static let binary = URL(fileURLWithPath: KithProcess.binary).deletingLastPathComponent()
        .appendingPathComponent("kith-fake-oidc").path

    private init(process: Process, issuer: String) {
        self.process = process
        self.issuer = issuer
    }

    /// Starts the provider for `FakeProviderProcess.clientId`, approving `email` (subject `subject`), and waits for
    /// its discovery document.
    static func start(email: String, subject: String, log: String) async throws -> FakeProviderProcess {
        let port = try KithServerProcess.freePort()
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "--port", String(port), "--client-id", clientId, "--email", email, "--subject", subject, "--given", "Fay",
            "--family", "Kay",
        ]
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let provider = FakeProviderProcess(process: process, issuer: "http://127.0.0.1:\(port)")
        guard let discovery = URL(string: provider.issuer + "/.well-known/openid-configuration") else {
            throw ServerStartError(message: "no discovery URL")
        }
        let client = CurlHTTPClient()
        for _ in 0..<200 {
            if let response = try? await client.send(HTTPRequest(url: discovery)), response.isSuccess {
                return provider
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        provider.stop()
        throw ServerStartError(message: "kith-fake-oidc did not answer on port \(port)")
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The environment that points `kith login --google` at this provider.
    var environment: [String: String] {
        ["KITH_GOOGLE_CLIENT_ID": Self.clientId, "KITH_GOOGLE_ISSUER": issuer]
    }
}
