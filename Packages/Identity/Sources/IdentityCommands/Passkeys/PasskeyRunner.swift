import Accounts
import Console
import Passkeys
import WebAuthn

/// Runs a passkey ceremony for a command: the device's `PasskeyClient`, its address shown on standard error.
struct PasskeyRunner: Sendable {
    let client: (any PasskeyClient)?

    /// What `login --passkey` and `passkeys add` say about the page, in their help.
    static let details = """
        A page on http://localhost:PORT (KITH_PASSKEY_PORT, default 8765) runs the passkey in your browser:
        kith prints its address (and opens it when there is a display) and waits up to 5 minutes.
        With --remote the server must allow that page:
        kith-server --passkey-rp-id localhost --passkey-origin http://localhost:PORT
        (a server whose passkeys are for a real domain serves apps on that domain, not this page).
        """

    /// A new passkey made from the options `options` gives, handed to `finish` before the page says it is done.
    func create<Finished: Sendable>(
        _ context: CommandContext, options: @escaping @Sendable () async throws -> PasskeyCreationOptions,
        finish: @escaping @Sendable (PasskeyRegistrationCredential) async throws -> Finished
    ) async throws -> Finished {
        guard let client else { throw IdentityError.passkeysNotConfigured }
        return try await client.create(options: options, finish: finish) { url in
            context.note("Make your passkey in your browser. If it did not open, visit:\n\(url)")
        }
    }

    /// A passkey's signature over the options `options` gives, handed to `finish` before the page says it is done.
    func get<Finished: Sendable>(
        _ context: CommandContext, options: @escaping @Sendable () async throws -> PasskeyRequestOptions,
        finish: @escaping @Sendable (PasskeyAssertionCredential) async throws -> Finished
    ) async throws -> Finished {
        guard let client else { throw IdentityError.passkeysNotConfigured }
        return try await client.get(options: options, finish: finish) { url in
            context.note("Sign in with your passkey in your browser. If it did not open, visit:\n\(url)")
        }
    }
}
