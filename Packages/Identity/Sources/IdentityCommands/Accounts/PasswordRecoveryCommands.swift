import Accounts
import Console
import Device
import Identity
import IdentityWire

/// `password forgot EMAIL` / `password reset EMAIL --code CODE`: mail a recovery code, then set a new password with
/// it (every session of the account ends, and this device signs in).
enum PasswordRecoveryCommands {
    static func forgot(service: any IdentityService) -> Command {
        Command(
            "password forgot",
            summary: "Mail a code that sets a new password (works for \(IdentityText.recoveryCodeLifetime))",
            arguments: [Argument("EMAIL", "the account's email")]
        ) { arguments, _ in
            let email = arguments.argument("EMAIL")
            try await service.forgotPassword(email: email, clientAddress: nil)
            return .value(
                CodeSentJSON(email: email),
                text:
                    "If an account uses \(email), we sent it a code. It works for \(IdentityText.recoveryCodeLifetime)."
            )
        }
    }

    static func reset(device: ThisDevice, principals: any PrincipalSource, personas: (any PersonaSource)?) -> Command {
        Command(
            "password reset", summary: "Set a new password with the mailed code, and sign in",
            arguments: [Argument("EMAIL", "the account's email")],
            options: [Option("code", value: "CODE", "the code from the email (XXXX-XXXX)", required: true)]
                + PasswordInput.options,
            details:
                "The new password is asked for twice at a terminal (the two must match), else read from "
                + "--password-file, --password or KITH_PASSWORD. Every session of the account ends."
        ) { arguments, context in
            let password = try PasswordInput.chosenPassword(arguments, context)
            let account = try await device.resetPassword(
                email: arguments.argument("EMAIL"), code: arguments.option("code") ?? "", newPassword: password)
            let principal = try await principals.currentPrincipal()
            return .value(
                await MeJSON.whoami(account, principal: principal, personas: personas),
                text:
                    "Password changed. Every other session of \(account.email) has ended; signed in as \(account.email)."
            )
        }
    }
}
