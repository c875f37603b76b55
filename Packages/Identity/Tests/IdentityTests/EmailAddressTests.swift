import Identity
import Testing

@Suite("Email addresses")
struct EmailAddressTests {
    @Test(arguments: [
        ("ann@example.com", "ann@example.com"),
        ("  Ann@Example.COM \n", "Ann@Example.COM"),
        ("a.b+tag@sub.example.co.uk", "a.b+tag@sub.example.co.uk"),
    ])
    func accepts(_ input: String, _ stored: String) throws {
        #expect(try EmailAddress.validate(input) == stored)
    }

    @Test(arguments: [
        "", "ann", "ann@", "@example.com", "ann@example", "ann@@example.com", "a@b@example.com", "ann@.com",
        "ann@example.", "ann@exa..mple.com", "an n@example.com", "ann@exam\u{7}ple.com",
        String(repeating: "a", count: 243) + "@example.com",
    ])
    func refuses(_ input: String) {
        #expect(throws: IdentityError.invalidEmail) { try EmailAddress.validate(input) }
    }

    @Test func twoHundredFiftyFourCharactersIsTheLimit() throws {
        let longest = String(repeating: "a", count: 242) + "@example.com"
        #expect(longest.count == 254)
        #expect(try EmailAddress.validate(longest) == longest)
        #expect(IdentityError.invalidEmail.description == "Please enter a valid email address")
    }

    @Test func comparisonIsCaseInsensitive() {
        #expect(EmailAddress.comparisonKey(" Ann@Example.com ") == EmailAddress.comparisonKey("ann@example.COM"))
    }
}
