import Console
import Testing

@Suite("Tokenizer")
struct TokenizerTests {
    @Test(
        "words split on runs of spaces, tabs and newlines",
        arguments: [
            ("member add Ana", ["member", "add", "Ana"]),
            ("  member \t\t add   Ana  ", ["member", "add", "Ana"]),
            ("a\tb\nc\r\nd", ["a", "b", "c", "d"]),
            ("", []),
            (" \t  ", []),
        ])
    func plainWords(line: String, expected: [String]) throws {
        #expect(try Tokenizer.tokenize(line) == expected)
    }

    @Test(
        "single quotes keep everything literally, backslashes included",
        arguments: [
            (#"'Ana Maria'"#, ["Ana Maria"]),
            (#"'a\b\\c'"#, [#"a\b\\c"#]),
            (#"'say "hi"'"#, [#"say "hi""#]),
            (#"'$HOME `x` # not a comment'"#, [#"$HOME `x` # not a comment"#]),
            ("'tab\there'", ["tab\there"]),
        ])
    func singleQuotes(line: String, expected: [String]) throws {
        #expect(try Tokenizer.tokenize(line) == expected)
    }

    @Test(
        "double quotes unescape \\\" \\\\ \\$ \\` and keep other backslashes",
        arguments: [
            (#""say \"hi\"""#, [#"say "hi""#]),
            (#""back\\slash""#, [#"back\slash"#]),
            (#""\$HOME""#, ["$HOME"]),
            (#""\`cmd\`""#, ["`cmd`"]),
            (#""a\nb\tc\'""#, [#"a\nb\tc\'"#]),
            (#""it's""#, ["it's"]),
            (#""two  spaces""#, ["two  spaces"]),
        ])
    func doubleQuotes(line: String, expected: [String]) throws {
        #expect(try Tokenizer.tokenize(line) == expected)
    }

    @Test(
        "a backslash outside quotes keeps the next character",
        arguments: [
            (#"Ana\ Maria"#, ["Ana Maria"]),
            (#"\'"#, ["'"]),
            (#"\""#, ["\""]),
            (#"\\"#, [#"\"#]),
            (##"\#tag"##, ["#tag"]),
            (#"a\nb"#, ["anb"]),
        ])
    func backslashOutsideQuotes(line: String, expected: [String]) throws {
        #expect(try Tokenizer.tokenize(line) == expected)
    }

    @Test(
        "an empty quoted word is kept as an empty word",
        arguments: [
            ("''", [""]),
            (#""""#, [""]),
            ("a '' b", ["a", "", "b"]),
            (#"set --name=''"#, ["set", "--name="]),
        ])
    func emptyQuotedWord(line: String, expected: [String]) throws {
        #expect(try Tokenizer.tokenize(line) == expected)
    }

    @Test(
        "adjacent quoted and unquoted parts make one word",
        arguments: [
            (#"a'b'"c""#, ["abc"]),
            (#"--name='Ana Maria'"#, ["--name=Ana Maria"]),
            (#"'it'\''s'"#, ["it's"]),
            (#"x"y z"'w'\ v"#, ["xy zw v"]),
        ])
    func adjacentParts(line: String, expected: [String]) throws {
        #expect(try Tokenizer.tokenize(line) == expected)
    }

    @Test(
        "# starts a comment only at the start of an unquoted word",
        arguments: [
            ("# the whole line", []),
            ("member list # trailing words", ["member", "list"]),
            ("member list\t#tabbed", ["member", "list"]),
            ("a#b", ["a#b"]),
            ("a# b", ["a#", "b"]),
            (##"'#a' "#b""##, ["#a", "#b"]),
            ("''#x", ["#x"]),
        ])
    func comments(line: String, expected: [String]) throws {
        #expect(try Tokenizer.tokenize(line) == expected)
    }

    static let unicodeWords = [
        "👨‍👩‍👧", "👍🏽", "🇫🇷", "李小龍", "한국어", "e\u{301}", "\u{E9}", "a\u{301}\u{302}", "\u{301}x",
        "שלום", "\u{200F}مرحبا", "\u{200D}", "\u{FEFF}x", "Zürich",
    ]

    @Test("Unicode is kept byte for byte, unquoted and quoted", arguments: unicodeWords)
    func unicodeKeptExactly(word: String) throws {
        #expect(bytes(try Tokenizer.tokenize("say \(word) end")) == bytes(["say", word, "end"]))
        #expect(bytes(try Tokenizer.tokenize("'\(word)'")) == bytes([word]))
        #expect(bytes(try Tokenizer.tokenize("\"\(word) \(word)\"")) == bytes(["\(word) \(word)"]))
    }

    @Test("decomposed and precomposed é stay different words")
    func noNormalization() throws {
        let words = try Tokenizer.tokenize("e\u{301} \u{E9}")
        #expect(words.map { Array($0.unicodeScalars) } == [["e", "\u{301}"], ["\u{E9}"]])
    }

    // MARK: - Errors

    @Test(
        "an unbalanced single quote is a usage error",
        arguments: ["'abc", "member add 'Ana", #"'a'b'"#, #""ok" 'no"#])
    func unbalancedSingleQuote(line: String) {
        #expect(throws: UsageError("Unbalanced single quote: add the closing '")) {
            try Tokenizer.tokenize(line)
        }
    }

    @Test(
        "an unbalanced double quote is a usage error",
        arguments: [#""abc"#, #""abc\""#, #""abc\"#, #"'a'""#])
    func unbalancedDoubleQuote(line: String) {
        #expect(throws: UsageError("Unbalanced double quote: add the closing \"")) {
            try Tokenizer.tokenize(line)
        }
    }

    @Test("a backslash at the end of the line is a usage error", arguments: [#"abc\"#, #"a \"#, #"\"#])
    func trailingBackslash(line: String) {
        #expect(throws: UsageError("A backslash at the end of the line escapes nothing")) {
            try Tokenizer.tokenize(line)
        }
    }

    // MARK: - Quoting

    @Test(
        "plain words are not quoted; others are single-quoted",
        arguments: [
            ("Ana", "Ana"),
            ("李小龍", "李小龍"),
            ("--name=x", "--name=x"),
            ("", "''"),
            ("a b", "'a b'"),
            ("#tag", "'#tag'"),
            ("$HOME", "'$HOME'"),
            ("it's", #"'it'\''s'"#),
        ])
    func quoteForm(word: String, quoted: String) {
        #expect(Tokenizer.quote(word) == quoted)
    }

    static let trickyWords = [
        "", " ", "'", "''", "\"", "\\", "\\\\", "#", "#x", "a#", "$HOME", "`x`", "a b", "it's", "\t", "\n",
        "a\r\nb", "--", "-", "--x=y z", "'\u{301}", "\"\u{301}", "\\\u{301}", "#\u{301}", " \u{301}",
        "'\u{200D}'", "👨‍👩‍👧", "e\u{301}", "李 小龍", "\u{200D}", "a'b\"c\\d", "'\\''", "\u{1B}[1m",
    ]

    @Test("quote round-trips through tokenize", arguments: trickyWords)
    func quoteRoundTrip(word: String) throws {
        #expect(bytes(try Tokenizer.tokenize(Tokenizer.quote(word))) == bytes([word]))
    }

    @Test("quote round-trips for many generated words, alone and several on a line")
    func quoteRoundTripGenerated() throws {
        let pieces = [
            " ", "\t", "\n", "\r", "'", "\"", "\\", "#", "$", "`", "=", "-", "a", "Z", "0", "é", "e", "\u{301}",
            "\u{20E3}", "\u{FE0F}", "\u{200D}", "👍", "🏽", "👨‍👩‍👧", "🇫", "🇷", "李", "ש", "!", "*", "~",
        ]
        var random = SplitMix64(state: 0x4B17_4C0E)
        var line: [String] = []
        for _ in 0..<3000 {
            let length = Int.random(in: 0...12, using: &random)
            let word = (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
            let quoted = Tokenizer.quote(word)
            do {
                let words = try Tokenizer.tokenize(quoted)
                #expect(bytes(words) == bytes([word]), "word \(Array(word.unicodeScalars)) quoted as \(quoted)")
            } catch {
                Issue.record("word \(Array(word.unicodeScalars)) quoted as \(quoted) does not tokenize: \(error)")
            }
            line.append(word)
            if line.count == 5 {
                let joined = line.map(Tokenizer.quote).joined(separator: " ")
                #expect(bytes(try Tokenizer.tokenize(joined)) == bytes(line))
                line.removeAll()
            }
        }
    }
}
