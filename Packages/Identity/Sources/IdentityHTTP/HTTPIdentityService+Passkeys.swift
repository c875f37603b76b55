import Accounts
import Device
import IdentityWire
import Networking
import Passkeys
import WebAuthn

// MARK: - Passkeys, through the server

extension HTTPIdentityService {
    public func passkeyRegistrationOptions(_ principal: Principal) async throws -> PasskeyCreationOptions {
        try principal.requireActingAsSelf()
        return try await requests.send(IdentityRoute.passkeyRegistrationOptions, as: principal)
    }

    public func registerPasskey(
        _ principal: Principal, name: String, credential: PasskeyRegistrationCredential
    ) async throws -> Passkey {
        try principal.requireActingAsSelf()
        let passkey: PasskeyJSON = try await requests.send(
            IdentityRoute.registerPasskey, as: principal,
            body: PasskeyRegistrationBody(name: name, credential: credential))
        return passkey.passkey(accountId: principal.accountId)
    }

    public func passkeys(_ principal: Principal) async throws -> [Passkey] {
        try principal.requireActingAsSelf()
        let passkeys: [PasskeyJSON] = try await requests.send(IdentityRoute.passkeys, as: principal)
        return passkeys.map { $0.passkey(accountId: principal.accountId) }
    }

    public func removePasskey(_ principal: Principal, id: String, password: String?) async throws {
        try principal.requireActingAsSelf()
        let id = id.trimmingWhitespace()
        // An empty id never becomes another route's path.
        guard !id.isEmpty else { throw IdentityError.notFound(.passkey, id) }
        let _: NoContent = try await requests.send(
            IdentityRoute.removePasskey, id, as: principal, body: PasskeyRemovalBody(password: password))
    }

    public func passkeySignInOptions(clientAddress: String?) async throws -> PasskeyRequestOptions {
        try await send(IdentityRoute.passkeySignInOptions, token: nil)
    }

    /// The server counts the attempt against the address it sees; `clientAddress` is not sent.
    public func signIn(passkey: PasskeyAssertionCredential, clientAddress: String?) async throws -> SessionGrant {
        let session: SessionJSON = try await send(
            IdentityRoute.passkeySignIn, token: nil, body: PasskeySignInBody(credential: passkey))
        return session.grant
    }

    public func deviceSignIn(passkey: PasskeyAssertionCredential) async throws -> DeviceSignIn {
        Self.signedIn(
            try await send(IdentityRoute.passkeySignIn, token: nil, body: PasskeySignInBody(credential: passkey)))
    }
}
