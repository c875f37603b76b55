import Accounts
import Foundation
import Kernel
import Testing

@Suite("Name rules and display-name rules")
struct NameValidatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let input: String
        let validator: NameValidator
        /// The stored (trimmed, NFC) name, or nil when refused.
        let stored: String?
        let problem: NameProblem?

        static func ok(
            _ label: String, _ input: String, _ stored: String? = nil, _ validator: NameValidator = .personName
        )
            -> Case
        {
            Case(label: label, input: input, validator: validator, stored: stored ?? input, problem: nil)
        }

        static func bad(
            _ label: String, _ input: String, _ problem: NameProblem, _ validator: NameValidator = .personName
        )
            -> Case
        {
            Case(label: label, input: input, validator: validator, stored: nil, problem: problem)
        }

        var testDescription: String { label }
    }

    static let cases: [Case] = [
        .ok("ASCII apostrophe", "O'Brien"),
        .ok("typographic apostrophe", "O’Brien"),
        .ok("José in NFC", "Jos\u{E9}"),
        .ok("José in NFD is stored in NFC", "Jose\u{301}", "Jos\u{E9}"),
        .ok("Chinese", "李小龍"),
        .ok("diaeresis", "Zoë"),
        .ok("Persian", "مهرزاد"),
        .ok("Persian with ZWNJ between letters", "نیلوفر\u{200C}ها"),
        .ok("Hindi with ZWJ after a virama", "Raj क्\u{200D}षमा"),
        .ok("trimmed", "  Ann  ", "Ann"),
        .ok("hyphen", "Mary-Jane"),
        .ok("space", "Jean Paul"),
        .ok("Polish", "Łukasz"),
        .ok("Danish", "Søren"),
        .ok("Greek with accents", "Ἀλέξανδρος"),
        .ok("Cyrillic", "Владимир"),
        .ok("Thai", "สมชาย"),
        .ok("Korean", "김민준"),
        .ok("Hawaiian ʻokina (a modifier letter)", "ʻOlelo"),
        .ok("exactly 50 graphemes", String(repeating: "a", count: 50)),
        .ok("50 NFD graphemes", String(repeating: "e\u{301}", count: 50), String(repeating: "\u{E9}", count: 50)),
        .ok("display name with digits", "R2-D2", nil, .memberName),
        .ok("display name with a period", "Dr. Ann", nil, .householdName),
        .ok("display name of 30", String(repeating: "b", count: 30), nil, .memberName),
        .bad("empty", "", .empty),
        .bad("only spaces", "   ", .empty),
        .bad("51 graphemes", String(repeating: "a", count: 51), .tooLong(maxLength: 50)),
        .bad("display name of 31", String(repeating: "b", count: 31), .tooLong(maxLength: 30), .memberName),
        .bad("emoji", "Ann😀", .emoji),
        .bad("emoji with skin tone", "👍🏽", .emoji),
        .bad("heart with variation selector", "Ann❤️", .emoji),
        .bad("emoji in a display name", "Ann😀", .emoji, .memberName),
        .bad("digit", "Ann2", .digit),
        .bad("roman numeral", "Ⅻ", .digit),
        .bad("right-to-left override U+202E", "Ann\u{202E}Lee", .bidiCharacter),
        .bad("left-to-right mark", "Ann\u{200E}", .bidiCharacter),
        .bad("lone ZWJ", "\u{200D}", .misplacedJoiner),
        .bad("trailing ZWJ", "Ann\u{200D}", .misplacedJoiner),
        .bad("leading ZWNJ", "\u{200C}Ann", .misplacedJoiner),
        .bad("ZWNJ before a space", "Ann\u{200C} Lee", .misplacedJoiner),
        .bad("bell", "Ann\u{7}", .controlCharacter),
        .bad("tab inside", "Ann\tLee", .controlCharacter),
        .bad("NUL", "Ann\u{0}", .controlCharacter),
        .bad("newline inside", "Ann\nLee", .controlCharacter),
        .bad("only a hyphen", "-", .noLetter),
        .bad("only apostrophes", "''", .noLetter),
        .bad("display name of digits only", "42", .noLetter, .memberName),
        .bad("period in a person name", "Ann.Lee", .disallowed("“.”")),
        .bad("underscore", "Ann_Lee", .disallowed("“_”")),
        .bad("at sign", "Ann@", .disallowed("“@”")),
        .bad("no-break space", "Ann\u{A0}Lee", .disallowed("U+00A0")),
        .bad("byte order mark", "Ann\u{FEFF}", .disallowed("U+FEFF")),
        .bad("leading combining mark", "\u{301}Ann", .disallowed("U+0301")),
        .bad("stacked combining marks", "a" + String(repeating: "\u{301}", count: 10), .tooManyBytes),
    ]

    @Test(arguments: cases)
    func validates(_ testCase: Case) {
        let result = Result { () throws(NameProblem) -> String in try testCase.validator.validate(testCase.input) }
        switch result {
        case .success(let stored):
            #expect(testCase.problem == nil, "accepted as \(stored)")
            #expect(stored == testCase.stored)
            #expect(Array(stored.utf8) == Array((testCase.stored ?? "").utf8), "stored bytes are NFC")
        case .failure(let problem):
            #expect(testCase.problem == problem)
        }
    }

    /// Every kind of refusal is shown by at least one case, and accepted names include ones that are stored
    /// changed (trimmed, NFC): a problem without a case would go untested.
    @Test func everyProblemHasACase() {
        func kind(_ problem: NameProblem) -> String {
            switch problem {
            case .empty: "empty"
            case .tooLong: "tooLong"
            case .noLetter: "noLetter"
            case .digit: "digit"
            case .emoji: "emoji"
            case .controlCharacter: "controlCharacter"
            case .bidiCharacter: "bidiCharacter"
            case .misplacedJoiner: "misplacedJoiner"
            case .tooManyBytes: "tooManyBytes"
            case .disallowed: "disallowed"
            }
        }
        let every: Set = [
            "empty", "tooLong", "noLetter", "digit", "emoji", "controlCharacter", "bidiCharacter", "misplacedJoiner",
            "tooManyBytes", "disallowed",
        ]
        let covered = Set(Self.cases.compactMap(\.problem).map(kind))
        #expect(covered == every, "no case for: \(every.subtracting(covered).sorted())")
        #expect(Self.cases.contains { $0.problem == nil && $0.stored != $0.input }, "no accepted name is normalized")
    }

    @Test func errorSentenceSaysWhatWasWrong() {
        let error = IdentityError.invalidName(field: "first name", problem: .digit, maxLength: 50)
        #expect(error.description == "Please enter a valid name (1-50 characters): the first name contains a digit")
    }
}
