import Console
import Testing

@Suite("Display width")
struct DisplayWidthTests {
    @Test(
        "columns a text takes",
        arguments: [
            ("", 0),
            ("abc 123 #", 9),
            ("Zürich", 6),
            ("李小龍", 6),
            ("한국어", 6),
            ("\u{1112}\u{1161}\u{11AB}", 2),
            ("ｱｲ", 2),
            ("ＡＢ", 4),
            ("👍", 2),
            ("👍🏽", 2),
            ("👨‍👩‍👧", 2),
            ("❤️", 2),
            ("❤", 1),
            ("🇫🇷", 2),
            ("🇫🇷🇯🇵", 4),
            ("1️⃣", 2),
            ("e\u{301}", 1),
            ("e\u{301}\u{302}", 1),
            ("\u{301}", 0),
            ("\u{200D}", 0),
            ("\u{200B}", 0),
            ("a\u{200B}b", 2),
            ("\t", 0),
            ("a👍李b", 6),
        ])
    func width(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test(
        "ANSI escapes take no columns",
        arguments: [
            ("\u{1B}[1mbold\u{1B}[0m", 4),
            ("\u{1B}[96m李小龍\u{1B}[0m", 6),
            ("\u{1B}[1;31m👍\u{1B}[0m ok", 5),
            ("\u{1B}[0m", 0),
        ])
    func escapesIgnored(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test("a style's escapes never change the width", arguments: ["Name", "李小龍", "👨‍👩‍👧 family", ""])
    func styledWidth(text: String) {
        let style = Style(isEnabled: true)
        #expect(DisplayWidth.of(style.bold(text)) == DisplayWidth.of(text))
        #expect(DisplayWidth.of(style.accent(style.failure(text))) == DisplayWidth.of(text))
    }

    @Test(
        "pad fills with spaces up to a width, never cuts",
        arguments: [
            ("abc", 5, "abc  "),
            ("李", 4, "李  "),
            ("👍", 3, "👍 "),
            ("e\u{301}", 3, "e\u{301}  "),
            ("abcdef", 3, "abcdef"),
            ("李小龍", 6, "李小龍"),
            ("", 2, "  "),
        ])
    func pad(text: String, width: Int, expected: String) {
        let padded = DisplayWidth.pad(text, to: width)
        #expect(Array(padded.unicodeScalars) == Array(expected.unicodeScalars))
        #expect(DisplayWidth.of(padded) == max(width, DisplayWidth.of(text)))
    }

    @Test("pad measures styled text without its escapes")
    func padStyled() {
        let bold = Style(isEnabled: true).bold("ab")
        #expect(DisplayWidth.pad(bold, to: 5) == bold + "   ")
    }
}
