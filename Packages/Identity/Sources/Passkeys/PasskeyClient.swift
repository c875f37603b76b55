import WebAuthn

/// Runs WebAuthn's client side with the person at the keyboard: the passkey page in their browser (the command
/// line's loopback page), or whatever a platform offers. Commands call it; the composition root decides how it is
/// done (none: passkeys are not set up on this device).
public protocol PasskeyClient: Sendable {
    /// Makes a passkey (`navigator.credentials.create()`) with the options `options` gives, and hands it to `finish`
    /// (which registers it). The options are asked for once the client is ready to use them, so no challenge is spent
    /// when it cannot; the person is told it worked only once `finish` has returned. `show` tells them what to do.
    func create<Finished: Sendable>(
        options: @Sendable () async throws -> PasskeyCreationOptions,
        finish: @Sendable (PasskeyRegistrationCredential) async throws -> Finished, show: @Sendable (String) -> Void
    ) async throws -> Finished

    /// Signs with a passkey (`navigator.credentials.get()`) with the options `options` gives, and hands the assertion
    /// to `finish` (which signs in with it).
    func get<Finished: Sendable>(
        options: @Sendable () async throws -> PasskeyRequestOptions,
        finish: @Sendable (PasskeyAssertionCredential) async throws -> Finished, show: @Sendable (String) -> Void
    ) async throws -> Finished
}
