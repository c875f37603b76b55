import Circles
import Foundation
import IdentityWire
import Kernel

/// A contact (`GET /api/contacts`, `contacts --json`, every contact call): CLI.md's `{contactId, displayName,
/// accountId, phone, email, circles}` (circles by name; `accountId`, `phone`, `email` null when unset) plus
/// `circleIds`.
public struct ContactJSON: Codable, Sendable, Equatable {
    public var contactId: String
    public var displayName: String
    @ExplicitNull public var accountId: String?
    @ExplicitNull public var phone: String?
    @ExplicitNull public var email: String?
    /// The circles holding the contact (not Contacts or Public), by name, in circle order.
    public var circles: [String]
    /// The same circles, by id.
    public var circleIds: [String]

    /// The JSON of `contact`.
    public init(_ contact: Contact) {
        contactId = contact.id
        displayName = contact.displayName
        accountId = contact.linkedAccountId
        phone = contact.phone
        email = contact.email
        circles = contact.circleNames
        circleIds = contact.circleIds
    }

    /// The contact again; the wire leaves out its owner (the caller, `owner`) and when it was made.
    public func contact(owner: String) -> Contact {
        Contact(
            id: contactId, ownerAccountId: owner, displayName: displayName, linkedAccountId: accountId, phone: phone,
            email: email, createdAt: .distantPast, circleIds: circleIds, circleNames: circles)
    }
}
