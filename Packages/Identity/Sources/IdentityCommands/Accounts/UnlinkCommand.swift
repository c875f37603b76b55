import Accounts
import Console
import Identity

/// `unlink google` / `unlink apple`: the account stops signing in with that provider (never its only way in).
enum UnlinkCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "unlink", summary: "Remove a Google or Apple sign-in from your account",
            arguments: [ProviderSignInRunner.providerArgument]
        ) { arguments, _ in
            let provider = ProviderSignInRunner.provider(arguments)
            let principal = try await principals.requirePrincipal()
            try await service.unlinkIdentity(principal, provider: provider)
            return .message("\(provider.displayName) sign-in removed from this account.")
        }
    }
}
