import Accounts
import Circles
import CirclesWire
import Console

/// `requests allow ID [--all-fields]`: grants the field (or every field) to the requester.
enum RequestsAllowCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "requests allow", summary: "Allow a request: grant the field (or every field with --all-fields)",
            arguments: [CirclesArguments.request],
            options: [Option("all-fields", "grant every field of the profile, not only the one asked for")]
        ) { arguments, context in
            let grant = try await service.allowRequest(
                try await principals.requirePrincipal(), arguments.argument("ID"),
                allFields: arguments.flag("all-fields"))
            let what = grant.field.map(\.rawValue) ?? "every field"
            return .value(
                GrantJSON(grant),
                text: context.style.success("Allowed.") + " \(CirclesText.who(grant.to)) can see \(what) now. "
                    + context.style.dim("`grants revoke \(grant.grantId)` ends it."))
        }
    }
}
