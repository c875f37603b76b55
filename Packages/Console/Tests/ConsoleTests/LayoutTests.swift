import Console
import Testing

/// Output fitted to the terminal: tables and help at 40, 60, 80 and 120 columns, and never cut without a width.
@Suite("Fitting output to the terminal")
struct LayoutTests {
    static let widths = [40, 60, 80, 120]
    static let id = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"

    /// A contact list such as `contacts` shows: long names (one with CJK, one with emoji), ids that must stay whole.
    static func contacts() -> Table {
        var table = Table(headers: ["NAME", "CIRCLES", "EMAIL", "ID"], truncated: [0, 1])
        table.append(["Alexandra Konstantinopoulou-Papadimitriou", "Family, Close Friends", "alex@example.com", id])
        table.append(["李小龍 👨‍👩‍👧 Grandparents", "Family", "", "0c0d0e0f-1111-4222-8333-944455556666"])
        table.append(["Sam", "", "sam@example.com", "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"])
        return table
    }

    /// A definition list such as help's: usages, and summaries long enough to wrap.
    static func definitions() -> Table {
        var table = Table(headers: [], wrapped: [1])
        table.append([
            "  circle show CIRCLE", "Show a circle: its members, the access summary and the pending requests",
        ])
        table.append(["  shadow create --type professional|personal|anonymous --name NAME", "Create a shadow profile"])
        table.append(["  version", "Show the version"])
        return table
    }

    static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }

    @Test(
        "rows that do not fit cut names with an ellipsis, never ids, and no line is wider than the terminal",
        arguments: widths)
    func namesAreCutIdsNever(width: Int) throws {
        let text = Self.contacts().render(style: Style(isEnabled: false, width: width))
        for line in lines(of: text) { #expect(DisplayWidth.of(line) <= width, "\(line) is wider than \(width)") }
        for id in Self.contacts().rows.map({ $0[3] }) { #expect(text.contains(id), "\(id) was cut at \(width)") }
        // 120 columns hold the whole table; 80 hold it once names are cut; at 60 it shows records, where the
        // longest name has room; at 40 not even there.
        let cut = [40: true, 60: false, 80: true, 120: false][width]!
        #expect(text.contains(Self.contacts().rows[0][0]) == !cut, "\(text)")
        #expect(text.contains("…") == cut, "\(text)")
    }

    @Test(
        "descriptions wrap between words under their column or, when the first column is too wide, below it",
        arguments: widths)
    func descriptionsWrapAtWords(width: Int) throws {
        let table = Self.definitions()
        let text = table.render(style: Style(isEnabled: false, width: width))
        for line in lines(of: text) { #expect(DisplayWidth.of(line) <= width, "\(line) is wider than \(width)") }
        let shown = Self.words(text)
        for row in table.rows {
            for word in Self.words(row.joined(separator: " ")) {
                #expect(shown.contains(word), "\(word) was broken at \(width) columns:\n\(text)")
            }
        }
    }

    @Test("a description continues under its own column; a usage too wide for the column puts it on the next line")
    func hangingIndent() throws {
        let rendered = lines(of: Self.definitions().render(style: Style(isEnabled: false, width: 100)))
        let column = String(repeating: " ", count: 22)  // "  circle show CIRCLE" and two spaces
        #expect(rendered[0].hasPrefix("  circle show CIRCLE  Show a circle:"), "\(rendered)")
        #expect(rendered[1].hasPrefix(column) && rendered[1].dropFirst(22).first != " ", "\(rendered)")
        let usage = try #require(rendered.firstIndex { $0.hasPrefix("  shadow create") })
        #expect(rendered[usage + 1] == column + "Create a shadow profile")
        #expect(rendered.last == "  version" + String(repeating: " ", count: 13) + "Show the version")
        #expect(rendered.allSatisfy { DisplayWidth.of($0) <= 100 })
    }

    @Test("without a width (a pipe, a file) nothing is cut or wrapped")
    func noWidthNoCut() {
        let text = Self.contacts().render(style: .plain)
        #expect(text.contains("Alexandra Konstantinopoulou-Papadimitriou"))
        #expect(!text.contains("…"))
        #expect(lines(of: text).count == 4)
    }

    @Test("a table with headers too wide even with names cut shows each row as a record")
    func recordsWhenNothingElseFits() throws {
        let text = Self.contacts().render(style: Style(isEnabled: false, width: 50))
        #expect(text.contains("ID       " + Self.id), "\(text)")
        #expect(text.contains("EMAIL    alex@example.com"))
        #expect(text.contains("NAME     Alexandra Konstantinopoulou-Papadimitriou"))
        // Narrower than label and id together: the id goes whole on the line below its label.
        let narrow = lines(of: Self.contacts().render(style: Style(isEnabled: false, width: 40)))
        let label = try #require(narrow.firstIndex(of: "ID"))
        #expect(narrow[label + 1] == "  " + Self.id)
    }

    @Test("headings across a table are not measured, and every section shares one alignment")
    func headingsShareTheAlignment() {
        var table = Table(headers: [], rightAligned: [1])
        table.appendHeading("First section, with a heading wider than the rows")
        table.append(["  a", "1 member"])
        table.appendHeading("Second")
        table.append(["  a much longer name", "12 members"])
        table.appendHeading("Empty")
        let rendered = lines(of: table.render())
        #expect(rendered.map { DisplayWidth.of($0) } == [49, 32, 6, 32, 5])
        #expect(rendered.last == "Empty")
    }

    @Test("a cut keeps colours balanced, and emoji and CJK are measured by display width")
    func truncation() {
        #expect(DisplayWidth.truncate("李小龍 Bruce", to: 5) == "李小…")
        #expect(DisplayWidth.truncate("short", to: 5) == "short")
        let cut = DisplayWidth.truncate(Style(isEnabled: true).bold("Alexandra"), to: 4)
        #expect(DisplayWidth.of(cut) == 4)
        #expect(cut.hasSuffix("…\u{1B}[0m"))
    }

    @Test("text outside tables wraps under its own indent, and a long word moves left rather than overflow")
    func freeTextFits() {
        let text = "Title\n  shown to     nobody yet: `shadow circles 'Dana Lee' A,B`\n      " + Self.id
        let fitted = lines(of: Table.fit(text, width: 40))
        #expect(
            fitted == [
                "Title", "  shown to nobody yet: `shadow circles", "    'Dana Lee' A,B`", "    " + Self.id,
            ])
        #expect(fitted.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(Table.fit(text, width: 200) == text)
    }

    @Test("a word wider than the line stands alone instead of being broken")
    func longWordsStandAlone() {
        #expect(
            DisplayWidth.wrap("see https://example.com/a/very/long/path now", to: 10)
                == ["see", "https://example.com/a/very/long/path", "now"])
    }
}
