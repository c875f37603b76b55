/// Gets an ID token from the person at the keyboard: the provider's sign-in in a browser (the CLI's loopback
/// flow), or whatever a platform offers. Commands call it; the composition root decides how it is done.
public protocol ProviderAuthorization: Sendable {
    /// Whether this device has settings (a client id) for `provider`.
    func isConfigured(_ provider: IdentityProvider) -> Bool
    /// Runs the provider's sign-in; `show` tells the person what to do (open this address). The names go with the
    /// token for a new account.
    func authorize(
        _ provider: IdentityProvider, firstName: String?, lastName: String?, show: @Sendable (String) -> Void
    ) async throws -> ProviderSignIn
}
