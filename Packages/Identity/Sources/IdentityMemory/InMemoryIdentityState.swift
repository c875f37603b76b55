import Accounts
import Foundation
import Households
import Kernel
import Mail
import Passkeys
import TwoStep

/// Everything an `InMemoryIdentityStore` holds; a value, so a transaction can work on a copy.
struct InMemoryIdentityState: Sendable {
    struct StoredAccount: Sendable {
        var account: Account
        var passwordHash: String
    }

    struct StoredHousehold: Sendable {
        var id: String
        var name: String
        var ownerAccountId: String
        var createdAt: Date
    }

    struct StoredMember: Sendable {
        var householdId: String
        var member: Member
    }

    var accounts: [String: StoredAccount] = [:]
    var sessions: [String: Session] = [:]
    var activeHouseholds: [String: String] = [:]
    var households: [String: StoredHousehold] = [:]
    /// In insertion order, so reads list members (and an account's households) in the order they were added.
    var members: [StoredMember] = []
    var actingRecords: [ActingRecord] = []
    /// In insertion order; removed with their member, as the SQL stores' foreign key does.
    var approvalRequests: [ApprovalRequest] = []
    /// When each request's expiry was recorded, by request id (the SQL stores' `expired_at`).
    var approvalExpiries: [String: Date] = [:]
    var linkedIdentities: [LinkedIdentity] = []
    var exitPins: [String: ExitPinRecord] = [:]
    var claimCodes: [String: ClaimCode] = [:]
    var emailCodes: [String: EmailCode] = [:]
    var rateLimits: [String: RateLimitState] = [:]
    /// In insertion order.
    var outbox: [OutboxEntry] = []
    /// In cursor order: writes run one at a time and number their events as they append them.
    var events: [Event] = []
    var lastEventSequence: Int64 = 0
    var prunedEventsThrough: EventCursor?
    var twoSteps: [String: TwoStepRecord] = [:]
    /// In insertion order.
    var recoveryCodes: [RecoveryCodeRecord] = []
    var signInChallenges: [String: SignInChallenge] = [:]
    /// In insertion order.
    var passkeys: [Passkey] = []
    var passkeyUserHandles: [String: [UInt8]] = [:]
    var passkeyChallenges: [String: PasskeyChallenge] = [:]
}
