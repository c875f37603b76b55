import Accounts
import Console
import Device
import Foundation

/// `accounts remove EMAIL`: forget a saved account on this device (the account itself stays).
enum AccountsRemoveCommand {
    static func make(device: ThisDevice, principals: any PrincipalSource) -> Command {
        Command(
            "accounts remove", summary: "Remove a saved account from this device (the account is kept)",
            arguments: [Argument("EMAIL", "a saved account's email", completion: "savedAccount")]
        ) { arguments, context in
            let email = arguments.argument("EMAIL")
            let principal = try await principals.currentPrincipal()
            let entry = try await device.savedAccounts().first {
                $0.account.email.lowercased() == email.trimmingCharacters(in: .whitespaces).lowercased()
            }
            // Unknown or current: the service refuses without a question worth asking.
            if let entry, !entry.isCurrent {
                try context.confirm("Remove \(entry.account.email) from this device?")
            }
            try await device.removeSavedAccount(email, by: principal)
            let shown = entry?.account.email ?? email
            return .message(
                "Removed \(shown) from this device. The account itself is kept: `login \(shown)` adds it back.")
        }
    }
}
