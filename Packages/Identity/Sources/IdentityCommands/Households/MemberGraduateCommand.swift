import Accounts
import Console
import Foundation
import Identity
import IdentityWire

/// `member graduate MEMBER`: a guardian makes the one-time claim code with which the member signs up as itself.
enum MemberGraduateCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command(
            "member graduate", summary: "Make a claim code for a managed member's own account (asks first)",
            arguments: [Argument("MEMBER", "a managed member's id or name", completion: "member")],
            details: """
                The code is shown once and works once, for 7 days: `signup EMAIL --claim CODE --first NAME --last NAME` \
                makes the account that member, with its preferences and records; its guardianship ends.
                """
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            // Name the member in the question; refuse a name or a caller that cannot graduate it before asking.
            let household = try await service.requireActiveHousehold(principal)
            let member = try household.guardedMember(arguments.argument("MEMBER"), by: principal.accountId)
            try context.confirm(
                "Graduate \(member.displayName)? The account made with the code takes over \(member.displayName), "
                    + "and you will no longer be its guardian.")
            let grant = try await service.graduateMember(principal, member.memberId)
            let text = """
                Claim code for \(context.style.bold(grant.displayName)): \(context.style.bold(grant.code))
                It is shown only this once and works once, until \(HumanDate.text(grant.expiresAt)).
                \(grant.displayName) signs up with: signup EMAIL --claim \(grant.code) --first NAME --last NAME
                """
            return .value(ClaimCodeJSON(grant), text: text)
        }
    }
}
