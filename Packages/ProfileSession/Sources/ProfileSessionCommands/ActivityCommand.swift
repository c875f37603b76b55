import Console
import Foundation
import Identity
import IdentityWire
import ProfileSession

/// `activity`: what the account wrote while acting as a managed member: who, for whom, what, when.
enum ActivityCommand {
    static let emptyMessage = "Nothing has been done while viewing as a family member yet."

    static func make(manager: ProfileSessionManager, identity: any IdentityService) -> Command {
        Command("activity", summary: "What you did while viewing as a family member") { _, context in
            guard let principal = try await manager.currentPrincipal() else { throw IdentityError.notSignedIn }
            let records = try await identity.actingRecords(principal)
            let json = records.map(ActingRecordJSON.init)
            guard !records.isEmpty else { return .value(json, text: emptyMessage) }
            let actor = try await identity.account(principal).displayName
            var table = Table(headers: ["WHEN", "BY", "AS", "WHAT"], truncated: [1, 2], wrapped: [3])
            for record in records {
                table.append([timestamp(record.at), actor, record.subjectDisplayName, record.action])
            }
            return .value(json, text: table.render(style: context.style))
        }
    }

    /// `2025-01-01 09:30 UTC`: the records are stored in UTC and shown so.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
