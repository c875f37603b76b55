import Foundation
import Networking
import NetworkingTesting
import StorageTesting

/// The built `kith-fake-oidc` (a fake Google) on 127.0.0.1 at a free port, approving one test user.
final class FakeProviderProcess: @unchecked Sendable {
    let process: ChildProcess
    let issuer: String
    static let clientId = "kith-e2e-client"

    /// `kith-fake-oidc` beside `kith`.
    static let binary = URL(fileURLWithPath: KithProcess.binary).deletingLastPathComponent()
        .appendingPathComponent("kith-fake-oidc").path

    private init(process: ChildProcess, issuer: String) {
        self.process = process
        self.issuer = issuer
    }

    /// Starts the provider for `FakeProviderProcess.clientId`, approving `email` (subject `subject`), and waits for
    /// its discovery document. `es256`: P-256 keys, for tests that make many tokens with new keys.
    static func start(
        email: String, subject: String, log: String, es256: Bool = false
    ) async throws -> FakeProviderProcess {
        let port = try KithServerProcess.freePort()
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            [
                "--port", String(port), "--client-id", clientId, "--email", email, "--subject", subject, "--given",
                "Fay",
                "--family", "Kay",
            ] + (es256 ? ["--es256"] : [])
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
        let answers = try await poll(timeout: .seconds(20), every: .milliseconds(100)) {
            (try? await client.send(HTTPRequest(url: discovery)))?.isSuccess == true
        }
        if answers { return provider }
        provider.stop()
        throw ServerStartError(message: "kith-fake-oidc did not answer on port \(port)")
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    // MARK: - Test controls (the provider's `/test/...` endpoints)

    /// Replaces the provider's signing key; its JWKS shows only the new one from now on.
    func rotateKeys() async throws {
        _ = try await control(.post, "/test/rotate")
    }

    /// The person the authorization endpoint approves from now on.
    func approve(email: String, subject: String, given: String, family: String) async throws {
        let user =
            #"{"subject":"\#(subject)","email":"\#(email)","emailVerified":true,"#
            + #""givenName":"\#(given)","familyName":"\#(family)"}"#
        _ = try await control(.post, "/test/approve", body: Data(user.utf8))
    }

    /// An ID token of the approved user for `clientId`: signed with the current key, or (`unknownKey`) with a new
    /// key under a `kid` the JWKS never shows.
    func idToken(unknownKey: Bool = false) async throws -> String {
        let body = try await control(.get, "/test/token?signing=" + (unknownKey ? "unknown-key" : "valid"))
        let object = try JSONSerialization.jsonObject(with: body) as? [String: String]
        guard let token = object?["idToken"] else { throw ServerStartError(message: "no idToken from the provider") }
        return token
    }

    /// How many times the provider has served its JWKS.
    func jwksFetches() async throws -> Int {
        let object = try JSONSerialization.jsonObject(with: try await control(.get, "/test/stats")) as? [String: Int]
        guard let fetches = object?["jwksFetches"] else { throw ServerStartError(message: "no jwksFetches") }
        return fetches
    }

    private func control(_ method: HTTPMethod, _ path: String, body: Data? = nil) async throws -> Data {
        guard let url = URL(string: issuer + path) else { throw ServerStartError(message: "bad path \(path)") }
        let response = try await CurlHTTPClient().send(HTTPRequest(method: method, url: url, body: body))
        guard response.isSuccess else { throw ServerStartError(message: "\(path): HTTP \(response.status)") }
        return response.body
    }

    /// The environment that points `kith login --google` at this provider.
    var environment: [String: String] {
        ["KITH_GOOGLE_CLIENT_ID": Self.clientId, "KITH_GOOGLE_ISSUER": issuer]
    }
}
