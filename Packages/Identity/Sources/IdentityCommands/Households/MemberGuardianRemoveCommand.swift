import Accounts
import Console
import Identity

/// `member guardian remove MEMBER EMAIL`: remove a guardian of a managed member, never the last one.
enum MemberGuardianRemoveCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        MemberGuardianCommand.make(
            "member guardian remove", summary: "Stop a guardian guarding a managed member (never the last one)",
            emailHelp: "the guardian", sentence: { email, name in "\(email) no longer guards \(name)." },
            principals: principals
        ) { principal, member, email in
            try await service.removeGuardian(principal, member: member, email: email)
        }
    }
}
