import Accounts
import Circles
import CirclesWire
import Console

/// `grants revoke ID`.
enum GrantsRevokeCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "grants revoke", summary: "End a grant", arguments: [Argument("ID", "a grant's id (see `grants`)")]
        ) { arguments, _ in
            let grant = try await service.revokeGrant(try await principals.requirePrincipal(), arguments.argument("ID"))
            let what = grant.field.map(\.rawValue) ?? "every field"
            return .value(GrantJSON(grant), text: "Revoked: \(CirclesText.who(grant.to)) no longer gets \(what).")
        }
    }
}
