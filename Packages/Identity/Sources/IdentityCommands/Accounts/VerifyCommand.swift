import Console
import Identity
import IdentityWire

/// `verify CODE` / `verify --resend`: confirm the account's email with the mailed code, or mail a new one.
enum VerifyCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "verify", summary: "Confirm your email with the code mailed to it (--resend: mail a new one)",
            arguments: [Argument("CODE", "the 6-digit code from the latest email", count: .optional)],
            options: [Option("resend", "mail a new code (at most one a minute and 5 an hour)")]
        ) { arguments, _ in
            let principal = try await principals.requirePrincipal()
            let code = arguments.optionalArgument("CODE")
            switch (code, arguments.flag("resend")) {
            case (nil, true):
                let email = try await service.resendVerification(principal)
                return .value(CodeSentJSON(email: email), text: codeSent(to: email))
            case (let code?, false):
                let account = try await service.verifyEmail(principal, code: code)
                return .value(MeJSON(account, principal: principal), text: "Email verified.")
            default:
                throw UsageError("Give the CODE from the email, or --resend for a new one (not both).")
            }
        }
    }

    /// What sign-up and `verify --resend` say after a code went out.
    static func codeSent(to email: String) -> String {
        "We sent a 6-digit code to \(email). Use `verify CODE` to confirm it."
    }
}
