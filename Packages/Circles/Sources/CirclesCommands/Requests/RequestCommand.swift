import Accounts
import Circles
import CirclesWire
import Console

/// `request EMAIL|@USERNAME FIELD [--reason TEXT]`: ask for a field that is `ask` for you.
enum RequestCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "request", summary: "Ask for a field that is `ask` for you",
            arguments: [
                Argument("TARGET", "EMAIL or @USERNAME"),
                CirclesArguments.field,
            ],
            options: [Option("reason", value: "TEXT", "why you ask (up to \(CirclesLimits.reasonMax) characters)")]
        ) { arguments, context in
            let field = try CirclesText.field(arguments.argument("FIELD"))
            let target = arguments.argument("TARGET")
            let receipt = try await service.request(
                try await principals.requirePrincipal(), target, field: field, reason: arguments.option("reason"))
            return .value(
                RequestReceiptJSON(receipt),
                text: "Asked \(target) for \(field.rawValue). "
                    + context.style.dim(
                        "You'll see it with `look \(target)` once allowed (request \(receipt.requestId))."))
        }
    }
}
