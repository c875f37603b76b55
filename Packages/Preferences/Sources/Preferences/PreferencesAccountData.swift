import Accounts

/// Preferences' share in an account's data: its stored values go with it, and an export holds the values of every
/// member it covers (the account's own and those of the managed members it guards, or the one member reviewed).
public enum PreferencesAccountData {
    /// Removes the account's own values (a managed member's stay with the member and its other guardians).
    public static func delete(_ deletion: AccountDeletion, _ preferences: any PreferencesStoreTransaction) throws {
        try preferences.removeValues(memberId: deletion.account.id)
    }

    /// The stored values of each member `subject` covers, by member id (a member with none is left out); nil when
    /// none has any.
    public static func export(
        _ subject: ExportSubject, _ preferences: any PreferencesStoreTransaction
    ) throws -> PreferencesExport? {
        var members: [String: [String: String]] = [:]
        for memberId in subject.memberIds {
            let values = try preferences.values(memberId: memberId)
            if !values.isEmpty { members[memberId] = values }
        }
        return members.isEmpty ? nil : PreferencesExport(members: members)
    }
}

/// Preferences' part of an export: each member's stored values as stored (a value never set reads as its default
/// and is not stored).
public struct PreferencesExport: Encodable, Sendable, Hashable {
    /// Member id → preference key → stored value.
    public var members: [String: [String: String]]
}
