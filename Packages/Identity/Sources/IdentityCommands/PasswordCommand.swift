import Console
import Identity

/// `password`: change the current account's password; its other sessions end.
enum PasswordCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "password", summary: "Change your password (other sessions of the account end)",
            options: PasswordInput.options + PasswordInput.newOptions,
            details: """
                The current password comes from --password-file, --password, KITH_PASSWORD or a prompt;
                the new one from --new-password-file, --new-password, KITH_NEW_PASSWORD or two prompts.
                """
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let current = try PasswordInput.password(arguments, context, prompt: "Current password: ")
            let new = try PasswordInput.newPassword(arguments, context)
            try await service.changePassword(principal, current: current, new: new)
            return .message("Password changed. Other sessions of this account have ended.")
        }
    }
}
