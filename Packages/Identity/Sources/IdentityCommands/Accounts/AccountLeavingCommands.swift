import Accounts
import Console
import Foundation
import Identity
import IdentityWire

/// `account delete`, `account export [--output FILE]` and `member export MEMBER [--output FILE]`.
enum AccountLeavingCommands {
    static func delete(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "account delete", summary: "Delete this account and everything it holds (password, then confirmation)",
            options: PasswordInput.options,
            details:
                "The password comes from --password-file, --password, KITH_PASSWORD or a prompt; --yes skips only the "
                + "confirmation. An account made by Google or Apple sign-in has no password: sign in with it again "
                + "first (\(IdentityText.recentSignIn))."
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            // Refused (the only guardian of someone...) before anything is asked.
            let account = try await service.checkAccountDeletion(principal)
            let hasPassword = try await service.signInMethods(principal).hasPassword
            let password = hasPassword ? try PasswordInput.password(arguments, context, prompt: "Password: ") : nil
            try context.confirm("Delete \(account.email) and everything it holds? This cannot be undone.")
            try await service.deleteAccount(principal, password: password)
            return .value(
                AccountDeletedJSON(deleted: account.email),
                text: "Deleted \(account.email) and everything it held. This device no longer lists it.")
        }
    }

    static func exportAccount(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "account export", summary: "Everything Kith keeps about this account, as one JSON document",
            options: [outputOption]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            return try output(try await service.exportAccount(principal), arguments, context)
        }
    }

    static func exportMember(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "member export", summary: "Everything Kith keeps about a member you guard, as one JSON document",
            arguments: [Argument("MEMBER", "a managed member's id or name", completion: "member")],
            options: [outputOption]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let document = try await service.exportMember(principal, member: arguments.argument("MEMBER"))
            return try output(document, arguments, context)
        }
    }

    private static let outputOption = Option(
        "output", value: "FILE", "write the document to FILE (created private to you, mode 0600) instead of stdout")

    /// The document on stdout (as is, and as the `--json` value), or written to `--output`.
    private static func output(
        _ document: ExportDocument, _ arguments: ParsedArguments, _ context: CommandContext
    ) throws -> CommandOutput {
        guard let path = arguments.option("output") else {
            return .value(try JSONValue(parsing: document.json), text: String(decoding: document.json, as: UTF8.self))
        }
        try PrivateOutputFile.write(document.json, to: path)
        return .value(
            ExportWrittenJSON(path: path, format: ExportDocument.format),
            text: "Wrote \(ExportDocument.format) to \(path) (readable by you alone).")
    }
}
