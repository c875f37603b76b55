import Accounts
import Circles
import CirclesWire
import Console

/// `requests`: the owner's inbox of pending access requests, oldest first.
enum RequestsCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command("requests", summary: "Pending access requests to you") { _, context in
            let principal = try await principals.requirePrincipal()
            let requests = try await service.requests(principal)
            let personas = context.json || requests.isEmpty ? [] : try await service.personas(principal)
            return .value(
                requests.map(AccessRequestJSON.init),
                text: CirclesText.requests(requests, personas: personas, style: context.style))
        }
    }
}
