import Accounts
import Console
import Identity

/// `password`: change the current account's password, or set the first one of an account Google or Apple made; its
/// other sessions end.
enum PasswordCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "password", summary: "Change or set your password (other sessions of the account end)",
            options: PasswordInput.options + PasswordInput.newOptions,
            details: """
                The current password comes from --password-file, --password, KITH_PASSWORD or a prompt;
                the new one from --new-password-file, --new-password, KITH_NEW_PASSWORD or two prompts.
                An account made by Google or Apple sign-in has no password yet: only the new one is asked for.
                """
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let hasPassword = try await service.signInMethods(principal).hasPassword
            let current =
                hasPassword ? try PasswordInput.password(arguments, context, prompt: "Current password: ") : nil
            let new = try PasswordInput.newPassword(arguments, context)
            try await service.changePassword(principal, current: current, new: new)
            return .message(
                hasPassword
                    ? "Password changed. Other sessions of this account have ended."
                    : "Password set: you can now sign in with your email and password. Other sessions have ended.")
        }
    }
}
