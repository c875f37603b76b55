import Accounts
import Console
import Households
import IdentityWire

/// `member guardian add|remove MEMBER EMAIL`: the two differ only in their words and the service call.
enum MemberGuardianCommand {
    static func make(
        _ name: String, summary: String, emailHelp: String, sentence: @escaping @Sendable (String, String) -> String,
        principals: any PrincipalSource,
        change: @escaping @Sendable (Principal, _ member: String, _ email: String) async throws -> Member
    ) -> Command {
        Command(
            name, summary: summary,
            arguments: [
                Argument("MEMBER", "a managed member's id or name", completion: "member"),
                Argument("EMAIL", emailHelp),
            ]
        ) { arguments, context in
            let email = arguments.argument("EMAIL")
            let member = try await change(try await principals.requirePrincipal(), arguments.argument("MEMBER"), email)
            return .value(MemberJSON(member), text: sentence(email, context.style.bold(member.displayName)))
        }
    }
}
