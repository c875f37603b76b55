import Accounts
import Console
import Identity
import IdentityWire

/// `email change NEW` / `email confirm CODE`: mail a code to a new email, then make the change with it.
enum EmailCommands {
    static func change(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "email change", summary: "Mail a code to a new email for this account (nothing changes until confirmed)",
            arguments: [Argument("NEW", "the new email")],
            options: PasswordInput.options,
            details:
                "The password comes from --password-file, --password, KITH_PASSWORD or a prompt. An account made by "
                + "Google or Apple sign-in has none: sign in with it again first (\(IdentityText.recentSignIn))."
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let hasPassword = try await service.signInMethods(principal).hasPassword
            let password = hasPassword ? try PasswordInput.password(arguments, context, prompt: "Password: ") : nil
            let email = try await service.changeEmail(principal, to: arguments.argument("NEW"), password: password)
            return .value(
                CodeSentJSON(email: email),
                text:
                    "We sent a \(EmailCodeRules.digits)-digit code to \(email). Use `email confirm CODE` within "
                    + "\(IdentityText.minutes(EmailCodeRules.lifetime(.emailChange))) to make the change."
            )
        }
    }

    static func confirm(
        service: any IdentityService, principals: any PrincipalSource, personas: (any PersonaSource)?
    ) -> Command {
        Command(
            "email confirm", summary: "Make the email change with the code mailed to the new email",
            arguments: [Argument("CODE", "the \(EmailCodeRules.digits)-digit code")]
        ) { arguments, _ in
            let principal = try await principals.requirePrincipal()
            let account = try await service.confirmEmailChange(principal, code: arguments.argument("CODE"))
            return .value(
                await MeJSON.whoami(account, principal: principal, personas: personas),
                text: "Email changed to \(account.email).")
        }
    }
}
