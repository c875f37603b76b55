import Accounts
import Testing

@Suite("Email addresses")
struct EmailAddressTests {
    @Test(arguments: [
        ("ann@example.com", "ann@example.com"),
        ("  Ann@Example.COM \n", "Ann@Example.COM"),
        ("a.b+tag@sub.example.co.uk", "a.b+tag@sub.example.co.uk"),
        ("o'brien!#$%&*/=?^_`{|}~-@example.com", "o'brien!#$%&*/=?^_`{|}~-@example.com"),
        ("用户@例子.广告", "用户@例子.广告"),
        ("हिन्दी@उदाहरण.भारत", "हिन्दी@उदाहरण.भारत"),
        ("ann@my-host.example.com", "ann@my-host.example.com"),
        ("ann2@123.example", "ann2@123.example"),
    ])
    func accepts(_ input: String, _ stored: String) throws {
        #expect(try EmailAddress.validate(input) == stored)
    }

    @Test(arguments: [
        "", "ann", "ann@", "@example.com", "ann@example", "ann@@example.com", "a@b@example.com", "ann@.com",
        "ann@example.", "ann@exa..mple.com", "an n@example.com", "ann@exam\u{7}ple.com",
        String(repeating: "a", count: 243) + "@example.com",
        // The outside test's cases: an address of its own whose mail goes to another (`RCPT TO:<evil@...>`), and
        // one that a `To:` line turns into two recipients.
        "<evil@example.org>", "a>,<evil@example.org", "ann,bob@example.com", "ann@example.com,bob@example.com",
        "\"ann\"@example.com", "\"a b\"@example.com", "ann(comment)@example.com", "ann;bob@example.com",
        "ann:bob@example.com", "ann\\@example.com", "[ann]@example.com", "ann@[127.0.0.1]",
        ".ann@example.com", "ann.@example.com", "an..n@example.com", "ann@-example.com", "ann@example-.com",
        "ann@exa_mple.com", "ann@example.com.", "ann\u{0}@example.com", "ann\u{202E}@example.com", "😀@example.com",
        "ann@example.😀", String(repeating: "a", count: 65) + "@example.com",
        "ann@" + String(repeating: "a", count: 64) + ".com",
    ])
    func refuses(_ input: String) {
        #expect(throws: IdentityError.invalidEmail) { try EmailAddress.validate(input) }
    }

    @Test func twoHundredFiftyFourCharactersIsTheLimit() throws {
        let label = String(repeating: "b", count: 63)
        let longest =
            String(repeating: "a", count: 64) + "@"
            + [label, label, String(label.prefix(58)), "cc"].joined(separator: ".")
        #expect(longest.count == 254)
        #expect(try EmailAddress.validate(longest) == longest)
        #expect(throws: IdentityError.invalidEmail) { try EmailAddress.validate(longest + "c") }
        #expect(IdentityError.invalidEmail.description == "Please enter a valid email address")
    }

    @Test func comparisonIsCaseInsensitive() {
        #expect(EmailAddress.comparisonKey(" Ann@Example.com ") == EmailAddress.comparisonKey("ann@example.COM"))
    }
}
