import Foundation

/// Leaving, and taking your data: an account's deletion in every feature, and its export (DOMAIN.md "Leaving").
public protocol LeavingService: Sendable {
    /// The account `account delete` would delete, or why it cannot be now (while acting; as the only guardian of
    /// managed members, every one named). Writes nothing.
    func checkAccountDeletion(_ principal: Principal) async throws -> Account
    /// Deletes the account and everything it holds, in every feature, durably. `password` is the proof (an account
    /// without one needs a Google or Apple sign-in within the last 10 minutes).
    func deleteAccount(_ principal: Principal, password: String?) async throws
    /// Everything Kith keeps about the account, as one `kith.export.v1` document.
    func exportAccount(_ principal: Principal) async throws -> ExportDocument
    /// Everything Kith keeps about a managed member the account guards, for its guardian to review.
    func exportMember(_ principal: Principal, member: String) async throws -> ExportDocument
}
