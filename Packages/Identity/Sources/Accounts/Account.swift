import Foundation

/// A person's login: the values every feature may read about the signed-in account.
public struct Account: Sendable, Codable, Hashable, Identifiable {
    /// UUID string.
    public var id: String
    /// As typed at sign-up, trimmed; compared case-insensitively.
    public var email: String
    public var firstName: String
    public var lastName: String
    public var role: AccountRole
    public var accountType: AccountType
    public var authMethod: AuthMethod
    public var createdAt: Date
    /// Whether the account proved it receives mail at `email` (a mailed code, or Google or Apple said so).
    public var emailVerified: Bool
    /// The account's content ceiling: `18+`, unless it graduated from a managed member (which keeps the member's).
    public var maturity: MaturityRating
    /// The age range the account declared (`age`), or its guardian's declaration carried over by graduation.
    public var ageRange: AgeRange?

    /// Creates an account value (the service creates accounts; this is for stores and tests).
    public init(
        id: String, email: String, firstName: String, lastName: String, role: AccountRole = .member,
        accountType: AccountType = .private, authMethod: AuthMethod = .password, createdAt: Date,
        emailVerified: Bool = false, maturity: MaturityRating = .account, ageRange: AgeRange? = nil
    ) {
        self.maturity = maturity
        self.ageRange = ageRange
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.role = role
        self.accountType = accountType
        self.authMethod = authMethod
        self.createdAt = createdAt
        self.emailVerified = emailVerified
    }

    private enum CodingKeys: String, CodingKey {
        case id, email, firstName, lastName, role, accountType, authMethod, createdAt, emailVerified, maturity, ageRange
    }

    /// Decodes an account; one kept before maturity and age existed (a client's saved profiles) gets the defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            email: try container.decode(String.self, forKey: .email),
            firstName: try container.decode(String.self, forKey: .firstName),
            lastName: try container.decode(String.self, forKey: .lastName),
            role: try container.decode(AccountRole.self, forKey: .role),
            accountType: try container.decode(AccountType.self, forKey: .accountType),
            authMethod: try container.decode(AuthMethod.self, forKey: .authMethod),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            emailVerified: try container.decode(Bool.self, forKey: .emailVerified),
            maturity: try container.decodeIfPresent(MaturityRating.self, forKey: .maturity) ?? .account,
            ageRange: try container.decodeIfPresent(AgeRange.self, forKey: .ageRange))
    }

    /// "First Last", as the switcher and households show the account.
    public var displayName: String { "\(firstName) \(lastName)" }
}
