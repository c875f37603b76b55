import Accounts

/// The two reads a principal's switchable profiles are built from (ProfileSession's).
public protocol ProfileReads: Sendable {
    /// The principal's account.
    func account(_ principal: Principal) async throws -> Account
    /// The principal's active household, or nil.
    func activeHousehold(_ principal: Principal) async throws -> Household?
}
