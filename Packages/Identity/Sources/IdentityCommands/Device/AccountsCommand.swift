import Console
import Device

/// `accounts`: this device's saved accounts, most recently used first, the current one marked.
enum AccountsCommand {
    static func make(device: ThisDevice) -> Command {
        Command("accounts", summary: "List the accounts saved on this device") { _, context in
            let saved = try await device.savedAccounts()
            return .value(saved.map(SavedAccountJSON.init), text: render(saved, style: context.style))
        }
    }

    static func render(_ saved: [SavedAccountStatus], style: Style) -> String {
        guard !saved.isEmpty else {
            return "No accounts saved on this device. Use `signup EMAIL` or `login EMAIL`."
        }
        let heading = style.bold("Switch account") + " · " + IdentityText.count(saved.count, "account")
        var table = Table(headers: [], truncated: [2], wrapped: [4])
        for status in saved {
            let account = status.account
            // An entry whose session is not live (ended here or by the server) is signed out, the current one too.
            let badge: String
            switch (status.isCurrent, status.sessionLive) {
            case (true, true): badge = style.accent(style.bold("Current"))
            case (true, false): badge = style.accent(style.bold("Current")) + " · " + style.failure("signed out")
            case (false, true): badge = style.success("signed in")
            case (false, false):
                badge = style.dim(
                    account.authMethod.provider.map { "\($0.displayName) sign-in needed" } ?? "signed out")
            }
            table.append([
                status.isCurrent ? "›" : " ",
                IdentityText.initials(account.displayName),
                status.isCurrent ? style.bold(account.displayName) : account.displayName,
                account.email,
                "\(IdentityText.label(account.accountType)) · \(IdentityText.method(account.authMethod))",
                badge,
            ])
        }
        var lines = [heading, table.render(style: style)]
        // As in the seed: the switcher's chevron only shows with two accounts or more.
        if saved.count >= 2 {
            lines.append(style.dim("Switch with `accounts switch EMAIL`; forget one with `accounts remove EMAIL`."))
        }
        return lines.joined(separator: "\n")
    }
}
