import Accounts

/// This device is held acting as a managed member with an exit PIN: every run of the account starts as that member
/// until the PIN is given. Device state, never shared with a server.
public struct DeviceExitLock: Sendable, Hashable, Codable {
    /// The guardian account that was acting.
    public var accountId: String
    /// The member it acts as.
    public var memberId: String
    /// The member's display name, for the prompt and the refusals.
    public var displayName: String

    /// A lock.
    public init(accountId: String, memberId: String, displayName: String) {
        self.accountId = accountId
        self.memberId = memberId
        self.displayName = displayName
    }

    /// The guardian acting as the member, as the PIN check is made.
    public var principal: Principal {
        Principal(accountId: accountId, actingAs: ActingAs(memberId: memberId, displayName: displayName))
    }
}
