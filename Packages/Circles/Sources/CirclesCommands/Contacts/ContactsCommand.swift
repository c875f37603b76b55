import Accounts
import Circles
import CirclesWire
import Console

/// `contacts [--search TEXT] [--circle CIRCLE]`: the owner's contacts with their circles, searched and filtered.
enum ContactsCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "contacts", summary: "List your contacts and their circles",
            options: [
                Option("search", value: "TEXT", "only contacts whose name, email or phone contains TEXT"),
                Option("circle", value: "CIRCLE", "only the members of CIRCLE", completion: "circle"),
            ]
        ) { arguments, context in
            let search = ContactSearch(text: arguments.option("search"), circle: arguments.option("circle"))
            let contacts = try await service.contacts(try await principals.requirePrincipal(), matching: search)
            let text =
                contacts.isEmpty && search != .everyone
                ? CirclesText.noMatches : CirclesText.contacts(contacts, style: context.style)
            return .value(contacts.map(ContactJSON.init), text: text)
        }
    }
}
