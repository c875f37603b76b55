/// A claimed code: the managed member `memberId` of `householdId` is now the account `accountId`.
public struct Graduation: Sendable, Hashable {
    public var memberId: String
    public var accountId: String
    public var householdId: String

    package init(memberId: String, accountId: String, householdId: String) {
        self.memberId = memberId
        self.accountId = accountId
        self.householdId = householdId
    }
}
