import Accounts
import Circles
import CirclesWire
import Console

/// `requests deny ID`.
enum RequestsDenyCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "requests deny", summary: "Don't allow a request",
            arguments: [CirclesArguments.request]
        ) { arguments, _ in
            let request = try await service.denyRequest(
                try await principals.requirePrincipal(), arguments.argument("ID"))
            return .value(
                AccessRequestJSON(request),
                text: "Denied: \(CirclesText.who(request.from)) won't see \(request.field.rawValue).")
        }
    }
}
