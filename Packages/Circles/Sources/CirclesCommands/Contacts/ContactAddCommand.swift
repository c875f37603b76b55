import Accounts
import Circles
import CirclesWire
import Console

/// `contact add NAME [--account EMAIL] [--phone P] [--email E]`.
enum ContactAddCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "contact add", summary: "Add a contact (linked to an account with --account)",
            arguments: [Argument("NAME", "the contact's display name")],
            options: [
                Option("account", value: "EMAIL", "the email of the account this contact is"),
                Option("phone", value: "P", "a phone number"),
                Option("email", value: "E", "an email address"),
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let contact = try await service.addContact(
                principal,
                ContactDraft(
                    displayName: arguments.argument("NAME"), accountEmail: arguments.option("account"),
                    phone: arguments.option("phone"), email: arguments.option("email")))
            let linked = contact.linkedAccountId == nil ? "" : " (linked to \(arguments.option("account") ?? ""))"
            return .value(
                ContactJSON(contact),
                text: "Added \(context.style.bold(contact.displayName))\(linked) to your contacts. "
                    + context.style.dim(
                        "Put them in a circle: `circle add CIRCLE \(CirclesText.quoted(contact.displayName))`"))
        }
    }
}
