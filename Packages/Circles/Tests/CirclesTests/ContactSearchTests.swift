import Circles
import Foundation
import Testing

/// `ContactSearch`: the text is found in a contact's display name, email or phone, ignoring case and accents, and a
/// phone also by its digits.
@Suite("Contact search")
struct ContactSearchTests {
    let jose = Contact(
        id: "c1", ownerAccountId: "o", displayName: "José Ruiz", phone: "+1 555 0100", email: "JR@Example.com",
        createdAt: Date(timeIntervalSince1970: 0))

    @Test(
        "found in the name, email or phone, whatever the case and accents",
        arguments: [
            "José", "jose", "JOSE", "ruiz", "é r", "example.com", "jr@", "555 0100", "5550100", "(555) 0100", "+1555",
        ])
    func matches(text: String) {
        #expect(ContactSearch(text: text).matches(jose))
    }

    @Test("anything else is not found", arguments: ["josef", "ann", "5551", "100 555", "example.org", "+2"])
    func misses(text: String) {
        #expect(!ContactSearch(text: text).matches(jose))
    }

    @Test("no text, or only spaces, keeps every contact", arguments: [nil, "", "   "])
    func blank(text: String?) {
        #expect(ContactSearch(text: text).matches(jose))
    }
}
