/// Runs WebAuthn's client side with the person at the keyboard: the passkey page in their browser (the command
/// line's loopback page), or whatever a platform offers. Commands call it; the composition root decides how it is
/// done (none: passkeys are not set up on this device).
public protocol PasskeyClient: Sendable {
    /// Makes a passkey (`navigator.credentials.create()`) with the options `options` gives; they are asked for once
    /// the client is ready to use them, so no challenge is spent when it cannot. `show` tells the person what to do.
    func create(
        options: @Sendable () async throws -> PasskeyCreationOptions, show: @Sendable (String) -> Void
    ) async throws -> PasskeyRegistrationCredential

    /// Signs with a passkey (`navigator.credentials.get()`) with the options `options` gives.
    func get(
        options: @Sendable () async throws -> PasskeyRequestOptions, show: @Sendable (String) -> Void
    ) async throws -> PasskeyAssertionCredential
}
