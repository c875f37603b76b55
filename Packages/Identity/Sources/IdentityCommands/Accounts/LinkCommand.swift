import Accounts
import Console
import Identity

/// `link google` / `link apple`: runs the provider's sign-in and links that identity to the current account.
enum LinkCommand {
    static func make(
        service: any IdentityService, principals: any PrincipalSource, signIn: ProviderSignInRunner
    ) -> Command {
        Command(
            "link", summary: "Link a Google or Apple sign-in to your account",
            arguments: [ProviderSignInRunner.providerArgument]
        ) { arguments, context in
            let provider = ProviderSignInRunner.provider(arguments)
            // Refused for who you are before the browser opens.
            let principal = try await principals.requirePrincipal()
            try principal.requireActingAsSelf()
            let request = try await signIn.run(provider, context)
            let linked = try await service.linkIdentity(principal, request)
            return .message("Linked \(provider.displayName) (\(linked.email)) to this account.")
        }
    }
}
