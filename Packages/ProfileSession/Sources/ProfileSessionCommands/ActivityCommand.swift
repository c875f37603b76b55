import Accounts
import Console
import Foundation
import Households
import IdentityWire
import ProfileSession

/// `activity [--member MEMBER]`: what the account wrote while acting as a managed member (who, for whom, what,
/// when); with `--member`, every guardian's records for a member the account guards.
enum ActivityCommand {
    static let emptyMessage = "Nothing has been done while viewing as a family member yet."

    static func make(manager: ProfileSessionManager, identity: any HouseholdsService & ProfileReads) -> Command {
        Command(
            "activity", summary: "What you did while viewing as a family member",
            options: [
                Option(
                    "member", value: "MEMBER", "every guardian's records for a member you guard",
                    completion: "member")
            ]
        ) { arguments, context in
            let principal = try await manager.requirePrincipal()
            let member = arguments.option("member")
            let records =
                if let member {
                    try await identity.memberActivity(principal, member: member)
                } else {
                    try await identity.actingRecords(principal)
                }
            let json = records.map(ActingRecordJSON.init)
            guard !records.isEmpty else {
                return .value(json, text: member == nil ? emptyMessage : "Nothing has been done for \(member!) yet.")
            }
            let names = try await actorNames(principal, identity)
            var table = Table(headers: ["WHEN", "BY", "AS", "WHAT"], truncated: [1, 2], wrapped: [3])
            for record in records {
                table.append([
                    timestamp(record.at),
                    record.actorDisplayName ?? names[record.actorAccountId] ?? record.actorAccountId,
                    record.subjectDisplayName, record.action,
                ])
            }
            return .value(json, text: table.render(style: context.style))
        }
    }

    /// The display names of the account and the independent members of its active household (the guardians).
    static func actorNames(_ principal: Principal, _ identity: any HouseholdsService & ProfileReads) async throws -> [String: String] {
        var names: [String: String] = [:]
        if let household = try await identity.activeHousehold(principal) {
            for member in household.members where member.kind == .independent {
                names[member.memberId] = member.displayName
            }
        }
        names[principal.accountId] = try await identity.account(principal).displayName
        return names
    }

    /// `2025-01-01 09:30 UTC`: the records are stored in UTC and shown so.
    static func timestamp(_ date: Date) -> String { HumanDate.text(date) }
}
