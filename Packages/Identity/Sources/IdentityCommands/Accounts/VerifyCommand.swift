import Accounts
import Console
import Identity
import IdentityWire

/// `verify CODE` / `verify --resend`: confirm the account's email with the mailed code, or mail a new one.
enum VerifyCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "verify", summary: "Confirm your email with the code mailed to it (--resend: mail a new one)",
            arguments: [
                Argument("CODE", "the \(EmailCodeRules.digits)-digit code from the latest email", count: .optional)
            ],
            options: [Option("resend", "mail a new code (\(resendLimits))")]
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
        "We sent a \(EmailCodeRules.digits)-digit code to \(email). Use `verify CODE` to confirm it."
    }

    /// "at most one a minute and 5 an hour": `LocalIdentityService.verificationResends`.
    static var resendLimits: String {
        let (perMinute, perHour) = LocalIdentityService.verificationResends
        return "at most \(perMinute == 1 ? "one" : String(perMinute)) a minute and \(perHour) an hour"
    }
}
