import Foundation

/// Lookups of this device's saved accounts that the rules share; built only from the transaction's plain reads.
extension DeviceStateTransaction {
    func savedAccount(accountId: String) throws -> SavedAccountRecord? {
        try savedAccounts().first { $0.account.accountId == accountId }
    }

    func requireSavedAccount(email: String) throws -> SavedAccountRecord {
        let records = try savedAccounts()
        let account = try AccountRules.requireSavedAccount(email: email, in: records.map(\.account))
        guard let record = records.first(where: { $0.account.accountId == account.accountId }) else {
            throw IdentityError.notFound(.account, email.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return record
    }

    /// Refuses an 11th saved account; an account saved already can always sign in again.
    func checkCanSave(email: String) throws {
        try AccountRules.checkCanSave(email: email, saved: try savedAccounts().map(\.account))
    }
}
