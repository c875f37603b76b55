import Foundation

/// A person in an owner's address book; linked to an account, it is how that account is recognized as a viewer.
public struct Contact: Sendable, Hashable, Identifiable {
    /// UUID string.
    public var id: String
    /// The account whose contact this is.
    public var ownerAccountId: String
    /// Display-name rules, 1-50 graphemes.
    public var displayName: String
    /// The account this contact is (at most one contact per account per owner), or nil.
    public var linkedAccountId: String?
    public var phone: String?
    public var email: String?
    public var createdAt: Date
    /// The circles holding this contact (not Contacts or Public), by id, in circle order. Filled by the service.
    public var circleIds: [String]
    /// The same circles' names. Filled by the service.
    public var circleNames: [String]

    /// Creates a contact value (the service creates contacts; this is for stores and tests).
    public init(
        id: String, ownerAccountId: String, displayName: String, linkedAccountId: String? = nil, phone: String? = nil,
        email: String? = nil, createdAt: Date, circleIds: [String] = [], circleNames: [String] = []
    ) {
        self.id = id
        self.ownerAccountId = ownerAccountId
        self.displayName = displayName
        self.linkedAccountId = linkedAccountId
        self.phone = phone
        self.email = email
        self.createdAt = createdAt
        self.circleIds = circleIds
        self.circleNames = circleNames
    }
}

/// What `contact add` asks for.
public struct ContactDraft: Sendable, Hashable {
    public var displayName: String
    /// The email of the account to link, or nil.
    public var accountEmail: String?
    public var phone: String?
    public var email: String?

    public init(displayName: String, accountEmail: String? = nil, phone: String? = nil, email: String? = nil) {
        self.displayName = displayName
        self.accountEmail = accountEmail
        self.phone = phone
        self.email = email
    }
}

/// What `contact edit` changes: nil leaves a value alone; an empty string clears an optional one.
public struct ContactEdit: Sendable, Hashable {
    public var displayName: String?
    /// An account email to link; "" unlinks.
    public var accountEmail: String?
    public var phone: String?
    public var email: String?

    public init(displayName: String? = nil, accountEmail: String? = nil, phone: String? = nil, email: String? = nil) {
        self.displayName = displayName
        self.accountEmail = accountEmail
        self.phone = phone
        self.email = email
    }
}
