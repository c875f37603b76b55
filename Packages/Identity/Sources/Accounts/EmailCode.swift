import Foundation

/// A code mailed to prove an address: the account's one live code for its purpose, kept only as a digest.
public struct EmailCode: Sendable, Hashable {
    /// What a code proves.
    public enum Purpose: String, Sendable, Hashable, CaseIterable {
        /// The account's email, after sign-up (`verify CODE`).
        case verification
        /// A forgotten password (`password reset`).
        case recovery
        /// A new email (`email confirm CODE`).
        case emailChange = "email-change"
    }

    public var accountId: String
    public var purpose: Purpose
    /// `EmailCodeRules.digest` of the code: the code itself is never stored.
    public var codeHash: String
    /// The address the code went to (for an email change, the new one).
    public var email: String
    public var createdAt: Date
    public var expiresAt: Date
    /// Wrong codes tried against this one.
    public var wrongTries: Int

    /// Creates a code record.
    public init(
        accountId: String, purpose: Purpose, codeHash: String, email: String, createdAt: Date, expiresAt: Date,
        wrongTries: Int = 0
    ) {
        self.accountId = accountId
        self.purpose = purpose
        self.codeHash = codeHash
        self.email = email
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.wrongTries = wrongTries
    }
}
