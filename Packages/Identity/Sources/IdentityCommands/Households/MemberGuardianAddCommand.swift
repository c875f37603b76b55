import Accounts
import Console
import Identity

/// `member guardian add MEMBER EMAIL`: another independent member of the household becomes a guardian.
enum MemberGuardianAddCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        MemberGuardianCommand.make(
            "member guardian add", summary: "Make a household member a guardian of a managed member",
            emailHelp: "the new guardian", sentence: { email, name in "\(email) now guards \(name)." },
            principals: principals
        ) { principal, member, email in
            try await service.addGuardian(principal, member: member, email: email)
        }
    }
}
