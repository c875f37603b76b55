import Console
import Testing

@Suite("Table")
struct TableTests {
    /// Splits `line` where the display columns `starts` begin; nil when a character straddles one of them.
    private func split(_ line: String, atColumns starts: [Int]) -> [String]? {
        var pieces: [String] = []
        var current = ""
        var width = 0
        var remaining = starts[...]
        for character in line {
            while let start = remaining.first, width >= start {
                guard width == start else { return nil }
                pieces.append(current)
                current = ""
                remaining.removeFirst()
            }
            current.append(character)
            width += DisplayWidth.of(character)
        }
        while let start = remaining.first {
            guard width == start else { return nil }
            pieces.append(current)
            current = ""
            remaining.removeFirst()
        }
        pieces.append(current)
        return pieces
    }

    private func trimmingSpaces(_ text: String, leading: Bool) -> String {
        var characters = Array(text)
        if leading {
            while characters.first == " " { characters.removeFirst() }
        } else {
            while characters.last == " " { characters.removeLast() }
        }
        return String(characters)
    }

    static let rows = [
        ["李小龍", "香港", "32"],
        ["Ana 👍", "Lisbon", "7"],
        ["👨‍👩‍👧 Family", "🇫🇷 Paris", "100"],
        ["e\u{301}mile", "Zürich", "45"],
        ["❤️", "서울", "3"],
    ]

    @Test("columns line up by display width with emoji and CJK cells")
    func alignedByDisplayWidth() throws {
        let table = Table(headers: ["Name", "City", "Age"], rows: Self.rows, rightAligned: [2])
        let rendered = lines(of: table.render())
        try #require(rendered.count == Self.rows.count + 1)
        // Widest cells: "👨‍👩‍👧 Family" (9 columns) and "🇫🇷 Paris" (8), two spaces between columns, "Age" is 3 wide.
        let starts = [11, 21]
        for (line, cells) in zip(rendered, [["Name", "City", "Age"]] + Self.rows) {
            #expect(DisplayWidth.of(line) == 24, "line \(line) is not as wide as the table")
            let pieces = try #require(split(line, atColumns: starts), "a character straddles a column in \(line)")
            #expect(trimmingSpaces(pieces[0], leading: false) == cells[0])
            #expect(trimmingSpaces(pieces[1], leading: false) == cells[1])
            #expect(trimmingSpaces(pieces[2], leading: true) == cells[2])
            #expect(pieces[0].hasSuffix("  ") && pieces[1].hasSuffix("  "), "columns are not separated in \(line)")
        }
    }

    @Test("exact rendering: left columns padded, right column aligned, no trailing spaces")
    func exactRendering() {
        let table = Table(headers: ["Item", "Count"], rows: [["tea", "7"], ["李", "1000"]], rightAligned: [1])
        #expect(table.render() == "Item  Count\ntea       7\n李     1000")
    }

    @Test("no line ends with a space, even with short or missing last cells")
    func noTrailingSpaces() {
        var table = Table(headers: ["Name", "Note"])
        table.append(["Ana", "x"])
        table.append(["Bo", ""])
        table.append(["Carla"])
        table.append(["👍 ", "trailing space in a cell "])
        let rendered = table.render()
        #expect(rendered == "Name   Note\nAna    x\nBo\nCarla\n👍     trailing space in a cell")
        for line in lines(of: rendered) { #expect(!line.hasSuffix(" ")) }
    }

    @Test("rows may have more cells than headers; no headers means no header line")
    func ragged() {
        #expect(Table(headers: ["A"], rows: [["x", "y"]]).render() == "A\nx  y")
        #expect(Table(headers: [], rows: [["a", "b"], ["ccc", "d"]]).render() == "a    b\nccc  d")
        #expect(Table(headers: []).render() == "")
    }

    @Test("a custom separator")
    func separator() {
        let table = Table(headers: ["Name", "Age"], rows: [["李", "7"]])
        #expect(table.render(separator: " | ") == "Name | Age\n李   | 7")
    }

    @Test("headers are bold only when the style is enabled; cells never are")
    func boldHeaders() {
        let table = Table(headers: ["Name", "Age"], rows: [["Ana", "7"]])
        #expect(table.render(style: .plain) == "Name  Age\nAna   7")
        let styled = table.render(style: Style(isEnabled: true))
        #expect(styled == "\u{1B}[1mName\u{1B}[0m  \u{1B}[1mAge\u{1B}[0m\nAna   7")
        #expect(strippingEscapes(styled) == table.render(style: .plain))
        #expect(
            !table.render(style: Style.forOutput(isTerminal: true, environment: ["NO_COLOR": "1"])).contains("\u{1B}"))
    }

    @Test("styled headers still line up with wide cells")
    func styledAlignment() {
        let table = Table(headers: ["Name", "City"], rows: Self.rows.map { Array($0.prefix(2)) })
        let styled = table.render(style: Style(isEnabled: true))
        #expect(strippingEscapes(styled) == table.render())
        for line in lines(of: styled) { #expect(!line.hasSuffix(" ")) }
    }
}
