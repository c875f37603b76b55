import Testing

@testable import Accounts

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

    /// The byte walk for all-ASCII addresses decides as the grapheme walk does: on 60,000 ASCII strings, mostly
    /// shaped like addresses (words joined by dots, hyphens and the local part's symbols) with something the grammar
    /// turns on thrown in (a dot or hyphen at an edge, two dots, a second `@`, a refused character, a part past its
    /// length), and a quarter of them random characters.
    @Test func theASCIIPathDecidesAsTheGrammar() {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            // SplitMix64: the same strings on every run.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let alphanumerics = Array("abcxyzABCXYZ0189")
        let symbols = Array("!#$%&'*+/=?^_`{|}~-")
        let refused = Array("@<>,\" ()[]:;\\\t\r\n\u{7F}\u{0}")
        func pick(_ characters: [Character]) -> String { String(characters[next(characters.count)]) }
        func word(_ longest: Int) -> String { (0...next(longest)).map { _ in pick(alphanumerics) }.joined() }
        func odd() -> String {
            [pick(refused), pick(symbols), ".", "-", "..", "@"][next(6)]
        }
        func local() -> String {
            var text = word(9)
            for _ in 0..<next(3) { text += (next(4) == 0 ? odd() : ".") + word(9) }
            if next(10) == 0 { text = odd() + text }
            if next(10) == 0 { text += odd() }
            if next(15) == 0 { text += String(repeating: "a", count: 50 + next(20)) }
            return text
        }
        func domain() -> String {
            var labels = (0...next(3)).map { _ in word(7) + (next(5) == 0 ? "-" + word(4) : "") }
            if next(8) == 0 { labels[next(labels.count)] = odd() + word(3) }
            if next(8) == 0 { labels[next(labels.count)] += odd() }
            if next(15) == 0 { labels.insert(String(repeating: "b", count: 60 + next(8)), at: 0) }
            if next(40) == 0 { labels.insert(String(repeating: "c.", count: 100 + next(30)) + "c", at: 0) }
            return labels.joined(separator: next(12) == 0 ? odd() : ".")
        }
        var accepted = 0
        for round in 0..<60_000 {
            let text =
                round.isMultiple(of: 4)
                ? (0..<next(30)).map { _ in pick(alphanumerics + symbols + refused + [".", "."]) }.joined()
                : local() + "@" + domain()
            let byBytes = EmailAddress.isASCIIAddress(text)
            #expect(byBytes == EmailAddress.isAddress(text), "\(text.debugDescription)")
            if byBytes { accepted += 1 }
        }
        // Enough of each answer that a difference would show.
        #expect(accepted > 15_000 && accepted < 45_000, "\(accepted) accepted")
    }
}
