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

    /// Creates an account value (the service creates accounts; this is for stores and tests).
    public init(
        id: String, email: String, firstName: String, lastName: String, role: AccountRole = .member,
        accountType: AccountType = .private, authMethod: AuthMethod = .password, createdAt: Date,
        emailVerified: Bool = false
    ) {
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

    /// "First Last", as the switcher and households show the account.
    public var displayName: String { "\(firstName) \(lastName)" }
}
