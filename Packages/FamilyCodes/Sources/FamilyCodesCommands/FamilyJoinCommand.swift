import Console
import FamilyCodes
import FamilyCodesWire

/// `family join CODE`: a parent joins a family by its code.
enum FamilyJoinCommand {
    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command(
            "family join", summary: "Join a family with the code a player shared (parents)",
            arguments: [Argument("CODE", "a family code, FAM-XXXXXX")]
        ) { arguments, context in
            let join = try await plugin.service.join(
                try await plugin.principals.requirePrincipal(), code: arguments.argument("CODE"))
            return .value(
                FamilyJoinJSON(join),
                text: FamilyJoin.message + "\n" + "Now using \(context.style.bold(join.name)).")
        }
    }
}
