import Accounts
import Circles
import CirclesWire
import Console

/// `contact remove CONTACT`: asks first; removing a contact ends the grants given to its account.
enum ContactRemoveCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "contact remove", summary: "Remove a contact from every circle (asks first; ends its grants)",
            arguments: [CirclesArguments.contact]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            // Name the contact in the question; an unknown or ambiguous name is refused before asking.
            let named = try ReferenceResolver.resolve(
                arguments.argument("CONTACT"), in: try await service.contacts(principal), kind: .contact,
                id: \.id, name: \.displayName)
            try context.confirm("Remove \(named.displayName) from your contacts? Grants given to them end.")
            let removed = try await service.removeContact(principal, named.id)
            return .value(
                ContactJSON(removed), text: "Removed \(context.style.bold(removed.displayName)) from your contacts.")
        }
    }
}
