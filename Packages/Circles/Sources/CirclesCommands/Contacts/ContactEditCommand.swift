import Accounts
import Circles
import CirclesWire
import Console

/// `contact edit CONTACT [--name N] [--account EMAIL] [--phone P] [--email E]`; "" clears a value or the link.
enum ContactEditCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "contact edit", summary: "Change a contact's name, linked account, phone or email (\"\" clears)",
            arguments: [CirclesArguments.contact],
            options: [
                Option("name", value: "N", "a new display name"),
                Option("display-name", value: "N", "the same as --name"),
                Option("account", value: "EMAIL", "link to this account (\"\" unlinks)"),
                Option("phone", value: "P", "a phone number (\"\" clears)"),
                Option("email", value: "E", "an email address (\"\" clears)"),
            ]
        ) { arguments, context in
            let edit = ContactEdit(
                displayName: arguments.option("name") ?? arguments.option("display-name"),
                accountEmail: arguments.option("account"), phone: arguments.option("phone"),
                email: arguments.option("email"))
            guard edit != ContactEdit() else {
                throw UsageError("Nothing to change: give --name, --account, --phone or --email")
            }
            let principal = try await principals.requirePrincipal()
            let contact = try await service.editContact(principal, arguments.argument("CONTACT"), edit)
            return .value(ContactJSON(contact), text: "Updated \(context.style.bold(contact.displayName)).")
        }
    }
}
