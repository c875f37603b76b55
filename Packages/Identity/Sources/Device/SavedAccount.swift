import Accounts
import Foundation

/// One entry of this device's account switcher. Never holds a password or a token.
public struct SavedAccount: Sendable, Codable, Hashable, Identifiable {
    public var accountId: String
    public var email: String
    public var displayName: String
    public var photoURL: String?
    public var accountType: AccountType
    public var authMethod: AuthMethod
    public var lastUsed: Date

    /// Creates a saved-account value.
    public init(
        accountId: String, email: String, displayName: String, photoURL: String? = nil, accountType: AccountType,
        authMethod: AuthMethod, lastUsed: Date
    ) {
        self.accountId = accountId
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.accountType = accountType
        self.authMethod = authMethod
        self.lastUsed = lastUsed
    }

    public var id: String { accountId }

    /// The most accounts one device keeps.
    public static let limit = 10
}
