import Accounts
import Console
import Identity
import IdentityWire
import TwoStep

/// `2fa`, `2fa enable`, `2fa disable`, `2fa recovery-codes`: two-step sign-in with an authenticator app (TOTP).
enum TwoStepCommands {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> [Command] {
        [
            status(service, principals), enable(service, principals), disable(service, principals),
            recoveryCodes(service, principals),
        ]
    }

    static func status(_ service: any IdentityService, _ principals: any PrincipalSource) -> Command {
        Command("2fa", summary: "Whether two-step sign-in (an authenticator app's codes) is on") { _, _ in
            let status = try await service.twoStepStatus(try await principals.requirePrincipal())
            let text =
                status.enabled
                ? "Two-step sign-in is on (\(IdentityText.count(status.recoveryCodesLeft, "recovery code")) left)."
                : "Two-step sign-in is off. Use `2fa enable` to turn it on."
            return .value(TwoStepStatusJSON(status), text: text)
        }
    }

    static func enable(_ service: any IdentityService, _ principals: any PrincipalSource) -> Command {
        Command(
            "2fa enable", summary: "Turn on two-step sign-in: a secret for your authenticator app, then a first code",
            options: PasswordInput.options + [
                Option("code", value: "CODE", "confirm a begun setup with a first code from the app")
            ],
            details: """
                Asks for the password, shows the secret, its otpauth:// URI and a QR code of it, then asks for a first
                code; only a right code turns it on, and then \(RecoveryCodes.count) recovery codes are shown, once. Without a terminal it
                stops after the secret: confirm with `2fa enable --code CODE`.
                """
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            if let code = arguments.option("code") {
                return enabled(try await service.confirmTwoStep(principal, code: code), context)
            }
            if try await service.twoStepStatus(principal).enabled { throw IdentityError.twoStepAlreadyOn }
            let password = try PasswordInput.password(arguments, context)
            let setup = try await service.beginTwoStep(principal, password: password)
            let shown = setupText(setup, style: context.style)
            guard context.interaction.canAsk, !context.json else {
                return .value(
                    TwoStepJSON(setup), text: shown + "\nConfirm with `2fa enable --code CODE` (a code from the app).")
            }
            context.note(shown)
            guard
                let code = context.interaction.ask("Enter the \(TOTP.digits)-digit code from your authenticator app: ")
            else {
                throw UsageError("Confirm with `2fa enable --code CODE` (a code from the app).")
            }
            return enabled(try await service.confirmTwoStep(principal, code: code.trimmingWhitespace()), context)
        }
    }

    static func disable(_ service: any IdentityService, _ principals: any PrincipalSource) -> Command {
        Command(
            "2fa disable", summary: "Turn off two-step sign-in (the password and a code, or a recovery code)",
            options: PasswordInput.options + [SecondStepInput.option]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            try await requireOn(service, principal)
            let password = try PasswordInput.password(arguments, context)
            let code = try SecondStepInput.code(arguments, context)
            try await service.disableTwoStep(principal, password: password, code: code)
            return .value(
                TwoStepStatusJSON(TwoStepStatus(enabled: false, recoveryCodesLeft: 0)),
                text: "Two-step sign-in is off.")
        }
    }

    static func recoveryCodes(_ service: any IdentityService, _ principals: any PrincipalSource) -> Command {
        Command(
            "2fa recovery-codes",
            summary: "Replace the recovery codes with \(RecoveryCodes.count) new ones (shown once)",
            options: PasswordInput.options
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            try await requireOn(service, principal)
            let password = try PasswordInput.password(arguments, context)
            let codes = try await service.newRecoveryCodes(principal, password: password)
            return .value(
                TwoStepJSON(recoveryCodes: codes),
                text: "New recovery codes (the old ones no longer work):\n" + codeList(codes))
        }
    }

    /// Refuses before asking for anything when two-step sign-in is off (the service refuses too).
    static func requireOn(_ service: any IdentityService, _ principal: Principal) async throws {
        guard try await service.twoStepStatus(principal).enabled else { throw IdentityError.twoStepOff }
    }

    // MARK: - Text

    static func setupText(_ setup: TwoStepSetup, style: Style) -> String {
        let qr = (try? QRCode(setup.uri).terminalLines(style: style).joined(separator: "\n")) ?? ""
        return """
            Add this account to your authenticator app: scan the QR code, or type the secret.
            Secret: \(grouped(setup.secret))
            URI: \(setup.uri)
            \(qr)
            """
    }

    static func enabled(_ codes: [String], _ context: CommandContext) -> CommandOutput {
        .value(
            TwoStepJSON(recoveryCodes: codes),
            text: """
                Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once, in place of a code,
                and they are not shown again.
                \(codeList(codes))
                """)
    }

    static func codeList(_ codes: [String]) -> String {
        codes.map { "  \($0)" }.joined(separator: "\n")
    }

    /// The base32 secret in groups of four, as apps that take it typed show it.
    static func grouped(_ secret: String) -> String {
        stride(from: 0, to: secret.count, by: 4).map {
            let start = secret.index(secret.startIndex, offsetBy: $0)
            return String(
                secret[start..<(secret.index(start, offsetBy: 4, limitedBy: secret.endIndex) ?? secret.endIndex)])
        }.joined(separator: " ")
    }
}
