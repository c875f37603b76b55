import Accounts
import Households
import Kernel

extension IdentityEvents {
    /// Every type above, in the catalogue's order.
    public static let all: [EventType] = [
        accountCreated, accountUpdated, accountEmailChanged, accountEmailVerified, accountDeleted, sessionEnded,
        credentialChanged, householdMemberAdded, householdMemberRemoved, memberGraduated, guardianAdded,
        guardianRemoved, approvalRequested, approvalDecided, approvalExpired,
    ]
}
