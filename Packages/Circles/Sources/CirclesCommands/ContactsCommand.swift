import Circles
import CirclesWire
import Console
import Identity

/// `contacts`: the owner's contacts with their circles.
enum ContactsCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command("contacts", summary: "List your contacts and their circles") { _, context in
            let contacts = try await service.contacts(try await principals.requirePrincipal())
            return .value(contacts.map(ContactJSON.init), text: CirclesText.contacts(contacts, style: context.style))
        }
    }
}
