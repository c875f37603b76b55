import Accounts
import Console
import Identity
import IdentityWire
import Passkeys

/// `passkeys` (the account's passkeys: id, name, created, last used) and `passkeys remove ID` (the password, as
/// `account delete` asks for it; never the account's only way to sign in).
enum PasskeysCommands {
    static func list(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "passkeys", summary: "List your account's passkeys",
            details:
                "Each passkey shows its name, when it was made and when it last signed in. Add one with "
                + "`passkeys add`, sign in with one with `login --passkey`, remove one with `passkeys remove ID`."
        ) { _, context in
            let principal = try await principals.requirePrincipal()
            let passkeys = try await service.passkeys(principal)
            return .value(passkeys.map(PasskeyJSON.init), text: render(passkeys, style: context.style))
        }
    }

    static func remove(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "passkeys remove", summary: "Remove one of your passkeys (password)",
            arguments: [Argument("ID", "the passkey's id, as `passkeys` shows it")],
            options: PasswordInput.options,
            details:
                "The password comes from --password-file, --password, KITH_PASSWORD or a prompt. An account made by "
                + "Google or Apple sign-in has no password: sign in again first (\(IdentityText.recentSignIn)). The last "
                + "passkey of an account with no password and no linked Google or Apple account cannot be removed."
        ) { arguments, context in
            let id = arguments.argument("ID")
            let principal = try await principals.requirePrincipal()
            let hasPassword = try await service.signInMethods(principal).hasPassword
            let password = hasPassword ? try PasswordInput.password(arguments, context, prompt: "Password: ") : nil
            try await service.removePasskey(principal, id: id, password: password)
            return .value(PasskeyRemovedJSON(removed: id), text: "Passkey \(id) removed.")
        }
    }

    static func render(_ passkeys: [Passkey], style: Style) -> String {
        guard !passkeys.isEmpty else { return "No passkeys. Add one with `passkeys add`." }
        let heading = style.bold("Passkeys") + " · " + IdentityText.count(passkeys.count, "passkey")
        var table = Table(headers: ["NAME", "CREATED", "LAST USED", "ID"], truncated: [0])
        for passkey in passkeys {
            table.append([
                passkey.name, HumanDate.text(passkey.createdAt),
                passkey.lastUsedAt.map(HumanDate.text) ?? style.dim("never"), style.dim(passkey.id),
            ])
        }
        return [heading, table.render(style: style)].joined(separator: "\n")
    }
}

/// `passkeys remove ID --json`: the id of the passkey removed.
struct PasskeyRemovedJSON: Codable, Sendable, Equatable {
    var removed: String
}
