import Accounts

/// `POST /api/auth/signup`. `role` and `accountType` are words (`player`, `corporate`...) the server reads with
/// a clear 400 when unknown; without them an account is a private `member`.
public struct SignUpBody: Codable, Sendable, Equatable {
    public var email: String
    public var firstName: String
    public var lastName: String
    public var password: String
    public var role: String?
    public var accountType: String?
    /// A code from `POST /api/members/{member}/graduate`: the new account becomes that managed member.
    public var claimCode: String?

    /// A sign-up with every field.
    public init(
        email: String, firstName: String, lastName: String, password: String, role: AccountRole,
        accountType: AccountType, claimCode: String? = nil
    ) {
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.password = password
        self.role = role.rawValue
        self.accountType = accountType.rawValue
        self.claimCode = claimCode
    }
}

/// `POST /api/auth/signin`.
public struct SignInBody: Codable, Sendable, Equatable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// `POST /api/me/email`: the new email, and the password when the account has one.
public struct EmailChangeBody: Codable, Sendable, Equatable {
    public var email: String
    public var password: String?

    public init(email: String, password: String?) {
        self.email = email
        self.password = password
    }
}

/// `PUT /api/me/name`.
public struct AccountNameBody: Codable, Sendable, Equatable {
    public var firstName: String
    public var lastName: String

    public init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }
}

/// `PUT /api/me/role`: `player`, `parent` or `member`.
public struct RoleBody: Codable, Sendable, Equatable {
    public var role: String

    public init(role: AccountRole) {
        self.role = role.rawValue
    }
}

/// `PUT /api/me/account-type`: `private` or `corporate`.
public struct AccountTypeBody: Codable, Sendable, Equatable {
    public var accountType: String

    public init(accountType: AccountType) {
        self.accountType = accountType.rawValue
    }
}

/// `DELETE /api/me`: the password when the account has one (without one, a Google or Apple sign-in within the last
/// 10 minutes is the proof).
public struct DeleteAccountBody: Codable, Sendable, Equatable {
    public var password: String?

    public init(password: String?) {
        self.password = password
    }
}

/// `PUT /api/me/password`.
public struct PasswordChangeBody: Codable, Sendable, Equatable {
    /// Required when the account has a password; left out to set the first password of a Google or Apple account.
    public var currentPassword: String?
    public var newPassword: String

    public init(currentPassword: String?, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

/// `POST /api/me/email/verify` (and, later, every body that carries a mailed code alone).
public struct EmailCodeBody: Codable, Sendable, Equatable {
    public var code: String

    public init(code: String) {
        self.code = code
    }
}

/// `POST /api/auth/recovery`.
public struct RecoveryBody: Codable, Sendable, Equatable {
    public var email: String

    public init(email: String) {
        self.email = email
    }
}

/// `POST /api/auth/recovery/reset`.
public struct PasswordResetBody: Codable, Sendable, Equatable {
    public var email: String
    public var code: String
    public var password: String

    public init(email: String, code: String, password: String) {
        self.email = email
        self.code = code
        self.password = password
    }
}

/// The answer of `POST /api/me/email/verify/resend` (where the new code went) and of `POST /api/auth/recovery` (the
/// email asked about, whether or not an account uses it).
public struct CodeSentJSON: Codable, Sendable, Equatable {
    public var email: String

    public init(email: String) {
        self.email = email
    }
}

/// `POST /api/households` and `PUT /api/household/name`.
public struct HouseholdNameBody: Codable, Sendable, Equatable {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}

/// `POST /api/members`: a managed member; without `avatarKey` it has none (its monogram stands in).
public struct ManagedMemberBody: Codable, Sendable, Equatable {
    public var displayName: String
    public var avatarKey: String?

    public init(displayName: String, avatarKey: String?) {
        self.displayName = displayName
        self.avatarKey = avatarKey
    }
}

/// `POST /api/members/{member}/guardians`: the independent member, by email, who becomes a guardian.
public struct GuardianBody: Codable, Sendable, Equatable {
    public var email: String

    public init(email: String) {
        self.email = email
    }
}
