import Foundation
import Identity
import Passkeys
import WebAuthn

/// Passkeys for a command line: each ceremony serves `LoopbackPasskeyPage` at `http://localhost:PORT`, shows its
/// address (and opens it with `xdg-open` when a display exists), and waits at most 5 minutes for the browser's answer.
///
/// The port is fixed, `KITH_PASSKEY_PORT` (default 8765), because the relying party must list the page's origin:
/// `kith` on its own file makes its relying party "localhost" with that origin (`localRelyingParty`); a `kith-server`
/// needs `--passkey-rp-id localhost --passkey-origin http://localhost:PORT`. A server whose relying party is a real
/// domain cannot be reached this way (a page on this computer is not on that domain): apps there do passkeys natively
/// against the server's routes.
public struct BrowserPasskeyClient: PasskeyClient {
    /// The environment variable naming the page's port.
    public static let portVariable = "KITH_PASSKEY_PORT"

    /// The port, or why `KITH_PASSKEY_PORT` cannot be one.
    public let port: Result<UInt16, PasskeyPageError>
    let environment: [String: String]

    /// The client for the port `environment` names (`KITH_PASSKEY_PORT`, else 8765); `environment` also tells
    /// whether a display exists to open a browser on.
    public init(environment: [String: String]) {
        self.environment = environment
        port = Self.port(environment)
    }

    /// `KITH_PASSKEY_PORT` read: digits only, 1 to 65535; 8765 when unset or empty.
    public static func port(_ environment: [String: String]) -> Result<UInt16, PasskeyPageError> {
        guard let text = environment[portVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return .success(LoopbackPasskeyPage.defaultPort)
        }
        guard text.allSatisfy({ ("0"..."9").contains($0) }), let number = UInt16(text), number > 0 else {
            return .failure(.badPort(text))
        }
        return .success(number)
    }

    /// The relying party of `kith` on its own file: "localhost", its one origin the page's (nil when
    /// `KITH_PASSKEY_PORT` is not a port: every passkey command then says so).
    public var localRelyingParty: PasskeyRelyingParty? {
        guard case .success(let port) = port else { return nil }
        return try? PasskeyRelyingParty(id: "localhost", origins: ["http://localhost:\(port)"])
    }

    public func create<Finished: Sendable>(
        options: @Sendable () async throws -> PasskeyCreationOptions,
        finish: @Sendable (PasskeyRegistrationCredential) async throws -> Finished, show: @Sendable (String) -> Void
    ) async throws -> Finished {
        let page = try LoopbackPasskeyPage(port: try port.get())
        let creation = try await options()
        try Self.requireLocalhost(creation.rp.id)
        present(page, show)
        return try await page.run(.create, options: creation, finish: finish)
    }

    public func get<Finished: Sendable>(
        options: @Sendable () async throws -> PasskeyRequestOptions,
        finish: @Sendable (PasskeyAssertionCredential) async throws -> Finished, show: @Sendable (String) -> Void
    ) async throws -> Finished {
        let page = try LoopbackPasskeyPage(port: try port.get())
        let request = try await options()
        try Self.requireLocalhost(request.rpId)
        present(page, show)
        return try await page.run(.get, options: request, finish: finish)
    }

    /// A page on localhost can only make and use passkeys of the relying party "localhost".
    static func requireLocalhost(_ relyingParty: String) throws(PasskeyPageError) {
        guard relyingParty == "localhost" else { throw .notLocalhost(relyingParty) }
    }

    private func present(_ page: LoopbackPasskeyPage, _ show: @Sendable (String) -> Void) {
        show(page.url)
        SystemBrowser.open(page.url, environment: environment)
    }
}
