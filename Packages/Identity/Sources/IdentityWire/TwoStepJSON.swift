import TwoStep

/// `POST /api/auth/second-factor`: the challenge of `identity.second_factor_required`, and a TOTP or recovery code.
public struct SecondFactorBody: Codable, Sendable, Equatable {
    public var challenge: String
    public var code: String

    public init(challenge: String, code: String) {
        self.challenge = challenge
        self.code = code
    }
}

/// The body of the two-step routes of the account: `POST /api/me/2fa` begins with `{password}` and confirms with
/// `{code}`; `DELETE /api/me/2fa` takes both; `POST /api/me/2fa/recovery-codes` takes the password.
public struct TwoStepBody: Codable, Sendable, Equatable {
    public var password: String?
    public var code: String?

    public init(password: String? = nil, code: String? = nil) {
        self.password = password
        self.code = code
    }
}

/// The answer of `POST /api/me/2fa`: the secret and its URI when it began, the recovery codes (once) when a first
/// code turned it on.
public struct TwoStepJSON: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var secret: String?
    public var uri: String?
    public var recoveryCodes: [String]?

    public init(_ setup: TwoStepSetup) {
        enabled = false
        secret = setup.secret
        uri = setup.uri
    }

    public init(recoveryCodes: [String]) {
        enabled = true
        self.recoveryCodes = recoveryCodes
    }

    public var setup: TwoStepSetup? {
        guard let secret, let uri else { return nil }
        return TwoStepSetup(secret: secret, uri: uri)
    }
}

/// `GET /api/me/2fa`: whether two-step sign-in is on, and how many recovery codes are left.
public struct TwoStepStatusJSON: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var recoveryCodesLeft: Int

    public init(_ status: TwoStepStatus) {
        enabled = status.enabled
        recoveryCodesLeft = status.recoveryCodesLeft
    }

    public var status: TwoStepStatus { TwoStepStatus(enabled: enabled, recoveryCodesLeft: recoveryCodesLeft) }
}
