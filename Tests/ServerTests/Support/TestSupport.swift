import Accounts
import Argon2
import Device
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import IdentityHTTP
import Kernel
import KithComposition
import KithServer
import KithServerProducts
import Networking
import WebAuthn

/// One server over a fresh SQLite file, a manual clock and cheap Argon2, for one test.
struct TestServer {
    let clock: ManualClock
    let services: ServerServices
    let router: Router<KithRequestContext>
    let directory: URL

    /// A server whose Google or Apple sign-in uses `verifiers`, made with the server's clock (none by default), and
    /// whose passkeys are made for `passkeys` (none by default: not set up).
    init(
        verifiers: (ManualClock) throws -> [any IDTokenVerifier] = { _ in [] },
        passkeys: PasskeyRelyingParty? = nil
    ) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kith-server-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clock = ManualClock()
        let random = SystemRandomSource()
        services = try ServerServices.sqlite(
            features: ServerApp.kithFeatures, path: directory.appendingPathComponent("kith.sqlite").path,
            options: CompositionOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random),
                verifiers: try verifiers(clock), passkeys: passkeys))
        router = try KithServerApplication.router(services: services)
    }

    /// The application on a free loopback port (for `.live`) or behind the router test framework (`.router`).
    var app: some ApplicationProtocol {
        Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// Runs `test` against this server, then closes and removes its file.
    ///
    /// Closed at once rather than whenever the services are released: the whole suite runs in parallel, and a
    /// file's connections (the writer and its readers, each with the WAL) add up to over a thousand descriptors,
    /// past what Foundation's `Process.run()` survives while it lists them for a child.
    func test<Value: Sendable>(
        _ setup: TestingSetup = .router, _ test: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        defer {
            try? services.closeStore()
            try? FileManager.default.removeItem(at: directory)
        }
        return try await app.test(setup, test)
    }
}

/// A signed-up account as the tests use it.
struct TestAccount: Sendable {
    let accountId: String
    let token: String
    let email: String
}

extension TestAccount {
    /// What an HTTP service is given for its tokens: the token of whichever of `accounts` the principal is ("" for
    /// anyone else).
    static func tokens(_ accounts: TestAccount...) -> @Sendable (Principal) -> String {
        let tokens = Dictionary(uniqueKeysWithValues: accounts.map { ($0.accountId, $0.token) })
        return { tokens[$0.accountId] ?? "" }
    }
}

extension TestClientProtocol {
    /// Sends a JSON request (`body` as given, so malformed JSON can be sent too).
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, actingAs: String? = nil,
        body: String? = nil, headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let actingAs { headers[HTTPField.Name("X-Acting-As-Member")!] = actingAs }
        if body != nil { headers[.contentType] = "application/json" }
        return try await execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// Signs up through `POST /api/auth/signup`.
    func signUp(_ email: String, first: String = "Dana", last: String = "Reyes", role: String = "member")
        async throws -> TestAccount
    {
        let response = try await send(
            .post, "/api/auth/signup",
            body:
                #"{"email":"\#(email)","firstName":"\#(first)","lastName":"\#(last)","password":"correct horse","role":"\#(role)"}"#
        )
        guard response.status == .created else {
            throw TestFailure("signup failed: \(response.status) \(response.text)")
        }
        let json = try response.object()
        return TestAccount(
            accountId: json["accountId"] as? String ?? "", token: json["token"] as? String ?? "", email: email)
    }
}

extension TestResponse {
    var text: String { body.getString(at: body.readerIndex, length: body.readableBytes) ?? "" }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(text)")
        }
        return object
    }

    /// The body as a JSON array of objects.
    func array() throws -> [[String: Any]] {
        guard let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
            throw TestFailure("not a JSON array: \(text)")
        }
        return array
    }

    /// `error` and `message` of an error body.
    func error() throws -> (code: String, message: String) {
        let json = try object()
        return (json["error"] as? String ?? "", json["message"] as? String ?? "")
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `kith-server`'s OpenAPI document, as assembled from the server's part and each feature's.
let kithOpenAPIDocument: Data = {
    // Kith's own features always assemble: a failure here is a bug every document test shows.
    Data(try! ServerApp.kith().openAPI)
}()

/// A concrete path for a route pattern: `{id}` becomes `id`.
/// `kith --remote`'s side of a server in a test: the `HTTPIdentityService` over `json`, and this device keeping its
/// saved accounts and tokens in the credentials file at `path`.
func remoteDevice(
    _ json: JSONClient, path: String
) -> (identity: HTTPIdentityService, device: ThisDevice, credentials: RemoteCredentials) {
    let credentials = RemoteCredentials(path: path, server: "http://kith.test")
    let identity = HTTPIdentityService(client: json, credentials: credentials)
    return (identity, ThisDevice(store: RemoteDeviceStore(credentials: credentials), sessions: identity), credentials)
}

func concretePath(_ pattern: String) -> String {
    pattern.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
}

/// Routes anyone may call without a token.
let publicRoutes: Set<String> = [
    "GET /health", "GET /health/live", "GET /health/ready", "GET /metrics", "GET /openapi.json",
    "POST /api/auth/signup", "POST /api/auth/signin", "POST /api/auth/recovery", "POST /api/auth/recovery/reset",
    "POST /api/auth/google", "POST /api/auth/apple", "POST /api/auth/session-state", "POST /api/auth/second-factor",
    "POST /api/auth/passkey/options", "POST /api/auth/passkey", "GET /.well-known/jwks.json",
    "GET /.well-known/oauth-authorization-server",
]

/// Routes a registered app calls with its id and secret (HTTP Basic) rather than a session's bearer token.
let appRoutes: Set<String> = ["POST /api/auth/introspect", "POST /api/access/check", "GET /api/events"]
