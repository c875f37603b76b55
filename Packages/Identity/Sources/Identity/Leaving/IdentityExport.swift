import Accounts
import Foundation
import Households

/// Identity's part of an export: everything Identity keeps about the subject, never a hash, token or code.
public struct IdentityExport: Encodable, Sendable {
    /// A managed member the account guards, or the member exported.
    public struct ManagedMember: Encodable, Sendable {
        public var householdId: String
        public var member: Member
        /// An exit PIN is set (its hash is never exported).
        public var exitPinSet: Bool
    }

    /// A claim code made for a member (its code is never kept).
    public struct ClaimCodeRecord: Encodable, Sendable {
        public var memberId: String
        public var householdId: String
        public var createdBy: String
        public var createdAt: Date
        public var expiresAt: Date
        public var usedAt: Date?
    }

    /// A mailed code waiting to be used (the code itself is never kept).
    public struct PendingCode: Encodable, Sendable {
        public var purpose: String
        public var email: String
        public var createdAt: Date
        public var expiresAt: Date
    }

    /// A limit's state for the account: its name, its recent failures, and the end of a lock.
    public struct Limit: Encodable, Sendable {
        public var name: String
        public var recentFailures: [Date]
        public var lockedUntil: Date?
    }

    /// A live session: when it was made and last used, and where (never its token or hash).
    public struct SessionRecord: Encodable, Sendable {
        public var sessionId: String
        public var createdAt: Date
        public var lastUsedAt: Date
        public var createdWhere: String?
    }

    /// A message queued for the account's address (its text holds codes: not exported).
    public struct QueuedMail: Encodable, Sendable {
        public var id: String
        public var recipient: String
        public var createdAt: Date
        public var attempts: Int
    }

    /// Two-step sign-in: whether it is on, since when, and its recovery codes' use (never the secret or a code).
    public struct TwoStep: Encodable, Sendable {
        public struct RecoveryCode: Encodable, Sendable {
            public var createdAt: Date
            public var usedAt: Date?
        }

        public var enabled: Bool
        public var createdAt: Date
        public var enabledAt: Date?
        public var recoveryCodes: [RecoveryCode]
    }

    /// A second step a right password led to (its token is never kept).
    public struct SignInChallengeRecord: Encodable, Sendable {
        public var clientAddress: String?
        public var attemptedAt: Date
        public var expiresAt: Date
        public var usedAt: Date?
    }

    /// A passkey of the account (never its key).
    public struct PasskeyRecord: Encodable, Sendable {
        public var id: String
        public var name: String
        public var createdAt: Date
        public var lastUsedAt: Date?
        public var algorithm: Int
        public var signCount: UInt32
    }

    /// A passkey ceremony begun and not finished (never its challenge).
    public struct PasskeyChallengeRecord: Encodable, Sendable {
        public var purpose: String
        public var createdAt: Date
        public var expiresAt: Date
    }

    public var account: Account?
    public var linkedIdentities: [LinkedIdentity] = []
    public var sessions: [SessionRecord] = []
    public var households: [Household] = []
    public var activeHouseholdId: String?
    public var managedMembers: [ManagedMember] = []
    public var actingRecords: [ActingRecord] = []
    public var claimCodes: [ClaimCodeRecord] = []
    /// The requests of the members exported (the account's guarded members, or the member), answered or not.
    public var approvalRequests: [ApprovalRequest] = []
    public var pendingCodes: [PendingCode] = []
    public var limits: [Limit] = []
    public var queuedMail: [QueuedMail] = []
    public var twoStep: TwoStep?
    public var signInChallenges: [SignInChallengeRecord] = []
    public var passkeys: [PasskeyRecord] = []
    public var passkeyChallenges: [PasskeyChallengeRecord] = []
    /// The account's passkey user handle, base64url (nil until its first registration options).
    public var passkeyUserHandle: String?
}
