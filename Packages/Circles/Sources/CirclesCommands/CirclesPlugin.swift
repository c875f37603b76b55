import Accounts
import Circles
import Console

/// The Circles feature's commands: contacts, circles, merge suggestions, the access matrix, viewing, requests and
/// grants, shadows and personas.
///
/// Every command calls `any CirclesService`; the rules (and every refusal) live in the domain.
public struct CirclesPlugin: Plugin {
    let service: any CirclesService
    let principals: any PrincipalSource

    /// The commands over `service` (local or remote), for the caller `principals` gives.
    public init(service: any CirclesService, principals: any PrincipalSource) {
        self.service = service
        self.principals = principals
    }

    public var name: String { "circles" }

    /// Every command, each refused while acting as a member before it asks anything: Circles is the account's own.
    public var commands: [Command] {
        let principals = principals
        return allCommands.map { $0.requiring { try await principals.requireAccountItself() } }
    }

    private var allCommands: [Command] {
        [
            // MARK: - Contacts
            ContactsCommand.make(service: service, principals: principals),
            ContactAddCommand.make(service: service, principals: principals),
            ContactEditCommand.make(service: service, principals: principals),
            ContactRemoveCommand.make(service: service, principals: principals),
            // MARK: - Circles and suggestions
            CirclesCommand.make(service: service, principals: principals),
            CircleShowCommand.make(service: service, principals: principals),
            CircleCreateCommand.make(service: service, principals: principals),
            CircleEditCommand.make(service: service, principals: principals),
            CircleDeleteCommand.make(service: service, principals: principals),
            CircleAddCommand.make(service: service, principals: principals),
            CircleRemoveCommand.make(service: service, principals: principals),
            CircleMergeCommand.make(service: service, principals: principals),
            SuggestionsCommand.make(service: service, principals: principals),
            SuggestionsDismissCommand.make(service: service, principals: principals),
            // MARK: - The access matrix
            AccessCommand.make(service: service, principals: principals),
        ] + AccessEditCommands.make(service: service, principals: principals) + [
            // MARK: - Viewing, requests and grants
            ViewAsCommand.make(service: service, principals: principals),
            LookCommand.make(service: service, principals: principals),
            RequestCommand.make(service: service, principals: principals),
            RequestsCommand.make(service: service, principals: principals),
            RequestsAllowCommand.make(service: service, principals: principals),
            RequestsDenyCommand.make(service: service, principals: principals),
            GrantsCommand.make(service: service, principals: principals),
            GrantsRevokeCommand.make(service: service, principals: principals),
            // MARK: - Shadows, personas and profiles
            ShadowCreateCommand.make(service: service, principals: principals),
            ShadowCirclesCommand.make(service: service, principals: principals),
            ShadowRevealCommand.make(service: service, principals: principals),
            ShadowDeleteCommand.make(service: service, principals: principals),
            PersonasCommand.make(service: service, principals: principals),
            PersonaSwitchCommand.make(service: service, principals: principals),
            ProfileShowCommand.make(service: service, principals: principals),
            ProfileEditCommand.make(service: service, principals: principals),
        ]
    }

    /// Circle, contact, field and persona names of the caller, for tab completion; empty when nobody is signed in.
    public func completionValues() async -> [String: [String]] {
        guard let principal = (try? await principals.currentPrincipal()) ?? nil else { return [:] }
        var values: [String: [String]] = ["field": Field.allCases.map(\.rawValue)]
        if let circles = try? await service.circles(principal) { values["circle"] = circles.map(\.name) }
        if let contacts = try? await service.contacts(principal) { values["contact"] = contacts.map(\.displayName) }
        if let personas = try? await service.personas(principal) {
            let names = ["primary"] + personas.map(\.displayName)
            values["persona"] = names
            values["profile"] = names
        }
        return values
    }
}
