import Accounts
import Households

extension ProfileSessionManager {
    /// The `actingAs` of a request from `accountId` carrying `X-Acting-As-Member: memberId`, or `.notAvailable`.
    ///
    /// The same rule as `switch(to:)`: the member must be a managed member of the account's active household
    /// that the account guards. Only an exact member id matches (the header never carries a name), and every
    /// other case (an independent member, another household's member, no such member, not guarded) fails alike.
    public static func actingAs(
        memberId: String, accountId: String, activeHousehold: Household?
    ) throws(ProfileSessionError) -> ActingAs {
        guard
            let profile = switchableMembers(of: accountId, in: activeHousehold)
                .first(where: { $0.memberId == memberId })
        else { throw ProfileSessionError.notAvailable }
        return ActingAs(memberId: profile.memberId, displayName: profile.displayName)
    }
}

extension ProfileSessionManager {
    /// The switchable profiles of `account`: itself first, then the managed members of `household` it guards.
    ///
    /// What `profiles` lists and what `X-Acting-As-Member` accepts, for callers that hold no manager (the server).
    public static func switchableProfiles(of account: Account, in household: Household?) -> [SwitchableProfile] {
        [SwitchableProfile.authenticatedUser(account)] + switchableMembers(of: account.id, in: household)
    }
}
