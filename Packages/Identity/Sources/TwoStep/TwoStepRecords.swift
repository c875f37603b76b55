import Foundation

/// An account's TOTP secret as stored: begun by `2fa enable`, on once a first code confirmed it.
public struct TwoStepRecord: Sendable, Hashable {
    public var accountId: String
    /// "sealed:..." or "plain:..." (`StoredTOTPSecret`).
    public var storedSecret: String
    public var createdAt: Date
    /// When a first code confirmed it; nil while the setup waits for one (sign-in does not ask yet).
    public var enabledAt: Date?
    /// The step of the last code accepted: no code of it or before it is accepted again.
    public var lastUsedStep: Int64?

    public init(
        accountId: String, storedSecret: String, createdAt: Date, enabledAt: Date? = nil, lastUsedStep: Int64? = nil
    ) {
        self.accountId = accountId
        self.storedSecret = storedSecret
        self.createdAt = createdAt
        self.enabledAt = enabledAt
        self.lastUsedStep = lastUsedStep
    }

    public var isEnabled: Bool { enabledAt != nil }
}

/// One recovery code as stored: its Argon2id hash, and when it was used.
public struct RecoveryCodeRecord: Sendable, Hashable {
    public var id: String
    public var accountId: String
    public var codeHash: String
    public var createdAt: Date
    public var usedAt: Date?

    public init(id: String, accountId: String, codeHash: String, createdAt: Date, usedAt: Date? = nil) {
        self.id = id
        self.accountId = accountId
        self.codeHash = codeHash
        self.createdAt = createdAt
        self.usedAt = usedAt
    }
}

/// The second step a right password leads to when two-step sign-in is on: valid 5 minutes, used once. Only its
/// token's SHA-256 is stored; the raw token goes to the client alone.
public struct SignInChallenge: Sendable, Hashable {
    public static let lifetime: TimeInterval = 5 * 60

    public var tokenHash: String
    public var accountId: String
    /// The address the password came from, whose limits the codes count against (nil: this device).
    public var clientAddress: String?
    /// When the password attempt was counted: forgiven, with the code's, once the second step succeeds.
    public var attemptedAt: Date
    public var expiresAt: Date
    public var usedAt: Date?

    public init(
        tokenHash: String, accountId: String, clientAddress: String?, attemptedAt: Date, expiresAt: Date,
        usedAt: Date? = nil
    ) {
        self.tokenHash = tokenHash
        self.accountId = accountId
        self.clientAddress = clientAddress
        self.attemptedAt = attemptedAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }

    public func isLive(at now: Date) -> Bool { usedAt == nil && now < expiresAt }
}

/// What `2fa enable` shows before the first code: the secret in base32 and as an `otpauth://` URI.
public struct TwoStepSetup: Sendable, Hashable {
    public var secret: String
    public var uri: String

    public init(secret: String, uri: String) {
        self.secret = secret
        self.uri = uri
    }
}

/// Whether two-step sign-in is on, and how many recovery codes are left.
public struct TwoStepStatus: Sendable, Hashable {
    public var enabled: Bool
    public var recoveryCodesLeft: Int

    public init(enabled: Bool, recoveryCodesLeft: Int) {
        self.enabled = enabled
        self.recoveryCodesLeft = recoveryCodesLeft
    }
}
