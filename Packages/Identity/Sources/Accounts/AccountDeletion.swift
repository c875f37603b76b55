import Foundation

/// An account being deleted, as every feature's share sees it inside the deletion's transaction: read before
/// Identity removes anything, so a share can still find what it needs.
public struct AccountDeletion: Sendable, Hashable {
    /// The account as it was.
    public let account: Account
    /// Every household the account was an independent member of.
    public let householdIds: [String]
    /// The households it owned that pass to another member: household id → the new owner's account id.
    public let transferredHouseholds: [String: String]
    /// The households it owned that go with it (no other independent member).
    public let removedHouseholdIds: [String]
    public let at: Date

    public init(
        account: Account, householdIds: [String], transferredHouseholds: [String: String],
        removedHouseholdIds: [String], at: Date
    ) {
        self.account = account
        self.householdIds = householdIds
        self.transferredHouseholds = transferredHouseholds
        self.removedHouseholdIds = removedHouseholdIds
        self.at = at
    }

    /// The households it owned, passed on or removed: their family codes retire.
    public var ownedHouseholdIds: [String] { Array(transferredHouseholds.keys).sorted() + removedHouseholdIds }
}
