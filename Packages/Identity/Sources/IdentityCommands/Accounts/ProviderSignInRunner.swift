import Accounts
import Console

/// Runs a provider's sign-in for a command: the device's `ProviderAuthorization`, its URL shown on standard error.
struct ProviderSignInRunner: Sendable {
    let authorization: (any ProviderAuthorization)?

    /// The token of a sign-in the person finishes now ("... sign-in is not set up here" without settings).
    func run(
        _ provider: IdentityProvider, _ context: CommandContext, firstName: String? = nil, lastName: String? = nil
    ) async throws -> ProviderSignIn {
        guard let authorization, authorization.isConfigured(provider) else {
            throw IdentityError.providerNotConfigured(provider)
        }
        return try await authorization.authorize(provider, firstName: firstName, lastName: lastName) { url in
            context.note("Sign in with \(provider.displayName) in your browser. If it did not open, visit:\n\(url)")
        }
    }

    /// The provider a `link` / `unlink` argument names.
    static let providerArgument = Argument(
        "PROVIDER", "google or apple", choices: IdentityProvider.allCases.map(\.rawValue))

    static func provider(_ arguments: ParsedArguments) -> IdentityProvider {
        IdentityProvider(rawValue: arguments.argument("PROVIDER").lowercased()) ?? .google
    }
}
