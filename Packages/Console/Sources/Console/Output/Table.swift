/// Rows of cells in aligned columns, measured in display columns so emoji and CJK line up, and laid out to fit
/// the style's width: the one layout every plugin's listings and help go through.
///
/// When a row is wider than the output, prose columns (`wrapped`) wrap between words under their own column,
/// then name columns (`truncated`) are cut with `…`; every other column (ids, codes, dates, counts) is kept
/// whole. A table that still does not fit is stacked: a table with headers shows each row as a record of
/// `HEADER value` lines (psql's expanded display), a list without headers puts each row's later cells on the
/// lines below its first (as gh and cargo do for long usage lines). With no width nothing is cut or wrapped.
public struct Table: Sendable {
    public var headers: [String]
    public var rows: [[String]]
    /// Columns aligned to the right (numbers).
    public var rightAligned: Set<Int>
    /// Columns of names, cut with `…` when a row would not fit. Never ids or codes: those must stay copyable.
    public var truncated: Set<Int>
    /// Columns of prose (descriptions), wrapped between words when a row would not fit.
    public var wrapped: Set<Int>
    /// Lines across the table (section headings), printed as they are before the row of that index.
    private var headings: [(before: Int, text: String)] = []

    public init(
        headers: [String], rows: [[String]] = [], rightAligned: Set<Int> = [], truncated: Set<Int> = [],
        wrapped: Set<Int> = []
    ) {
        self.headers = headers
        self.rows = rows
        self.rightAligned = rightAligned
        self.truncated = truncated
        self.wrapped = wrapped
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// A line across the table before the next row (a section heading): shown as it is, and not measured, so
    /// the rows of every section share one alignment.
    public mutating func appendHeading(_ text: String) { headings.append((rows.count, text)) }

    /// The table as lines of text, fitted to `style.width`; headers are bold when the style has colour.
    /// No trailing spaces.
    public func render(style: Style = .plain, separator: String = "  ") -> String {
        let columnCount = max(headers.count, rows.map(\.count).max() ?? 0)
        let cells = rows.map { row in (0..<columnCount).map { $0 < row.count ? row[$0] : "" } }
        let header = headers.isEmpty ? nil : (0..<columnCount).map { $0 < headers.count ? headers[$0] : "" }
        var widths = [Int](repeating: 0, count: columnCount)
        for row in (header.map { [$0] } ?? []) + cells {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        let gap = DisplayWidth.of(separator)
        func total(_ widths: [Int]) -> Int { widths.reduce(0, +) + gap * max(columnCount - 1, 0) }

        // Rows that do not fit even once shrunk are stacked: as records under a header, else as a list.
        var stacked: [[String]]?
        if let limit = style.width, total(widths) > limit {
            let natural = widths
            shrink(&widths, columns: wrapped, by: total(widths) - limit) { wrapMinimum($0, natural, cells, limit) }
            shrink(&widths, columns: truncated, by: total(widths) - limit) { truncateMinimum($0, natural, cells) }
            if total(widths) > limit, let header {
                stacked = cells.enumerated().map { index, row in
                    (index == 0 ? [] : [""]) + record(row, header: header, limit: limit, style: style)
                }
            } else if total(widths) > limit {
                stacked = listed(cells, widths: widths, limit: limit, separator: separator, style: style)
            }
        }
        let rendered =
            stacked ?? cells.map { aligned($0, widths: widths, separator: separator, bold: false, style: style) }
        var lines: [String] = []
        if let header, stacked == nil {
            lines += aligned(header, widths: widths, separator: separator, bold: true, style: style)
        }
        var pending = headings[...]
        for (index, row) in rendered.enumerated() {
            while let heading = pending.first, heading.before <= index {
                lines.append(heading.text)
                pending.removeFirst()
            }
            lines += row
        }
        lines += pending.map(\.text)
        return lines.joined(separator: "\n")
    }

    /// Prose wrapped between words to `style.width` (whole without one); lines after the first are indented by
    /// `hangingIndent` columns, and every line starts with `indent`.
    public static func paragraph(_ text: String, style: Style, indent: String = "", hangingIndent: Int = 0) -> String {
        guard let limit = style.width else { return indent + text }
        let room = max(limit - DisplayWidth.of(indent), 1)
        let hanging = String(repeating: " ", count: hangingIndent)
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraph = line.split(separator: " ").joined(separator: " ")
            let first = DisplayWidth.wrap(paragraph, to: room).first ?? ""
            let rest = String(paragraph.dropFirst(first.count).drop { $0 == " " })
            lines.append(first)
            if !rest.isEmpty {
                lines += DisplayWidth.wrap(rest, to: max(room - hangingIndent, 1)).map { hanging + $0 }
            }
        }
        return lines.map { indent + $0 }.joined(separator: "\n")
    }

    /// Any text fitted to `width`, line by line, for what a command prints outside its tables (titles, hints):
    /// a wider line wraps between words, its later lines indented two columns more than it; a word that does
    /// not fit beside its indent moves left, as far as it must.
    public static func fit(_ text: String, width: Int) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard DisplayWidth.of(line) > width else {
                lines.append(line)
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            let words = DisplayWidth.wrap(String(line.dropFirst(indent)), to: max(width - indent, 1))
            let first = words.first.map { [$0] } ?? []
            let rest = DisplayWidth.wrap(words.dropFirst().joined(separator: " "), to: max(width - indent - 2, 1))
            for (index, piece) in (first + rest.filter { !$0.isEmpty }).enumerated() {
                let wanted = index == 0 ? indent : indent + 2
                let shift = min(wanted, max(width - DisplayWidth.of(piece), 0))
                lines.append(String(repeating: " ", count: shift) + piece)
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Fitting

    /// Takes `excess` columns from `columns`, always from the widest one still above its minimum.
    private func shrink(_ widths: inout [Int], columns: Set<Int>, by excess: Int, minimum: (Int) -> Int) {
        var excess = excess
        let floors = Dictionary(uniqueKeysWithValues: columns.filter { $0 < widths.count }.map { ($0, minimum($0)) })
        while excess > 0 {
            guard let widest = floors.keys.filter({ widths[$0] > floors[$0]! }).max(by: { widths[$0] < widths[$1] })
            else { return }
            widths[widest] -= 1
            excess -= 1
        }
    }

    /// Prose is not wrapped narrower than its longest word, nor narrower than a third of the output (or 20).
    private func wrapMinimum(_ column: Int, _ natural: [Int], _ cells: [[String]], _ limit: Int) -> Int {
        let longestWord =
            cells.map { cell in
                cell[column].split(separator: " ").map { DisplayWidth.of(String($0)) }.max() ?? 0
            }.max() ?? 0
        let header = column < headers.count ? DisplayWidth.of(headers[column]) : 0
        return min(natural[column], max(longestWord, header, 20, limit / 3))
    }

    /// A name keeps at least 8 columns (its indent aside), and its header.
    private func truncateMinimum(_ column: Int, _ natural: [Int], _ cells: [[String]]) -> Int {
        let indent = cells.map { $0[column].prefix { $0 == " " }.count }.min() ?? 0
        let header = column < headers.count ? DisplayWidth.of(headers[column]) : 0
        return min(natural[column], max(header, indent + 8))
    }

    /// A cell as the lines it takes in `width` columns: cut, wrapped under its own indent, or whole.
    private func fitted(_ cell: String, column: Int, width: Int) -> [String] {
        if truncated.contains(column) { return [DisplayWidth.truncate(cell, to: width)] }
        guard wrapped.contains(column), DisplayWidth.of(cell) > width else { return [cell] }
        let indent = String(cell.prefix { $0 == " " })
        let wrappedLines = DisplayWidth.wrap(String(cell.dropFirst(indent.count)), to: max(width - indent.count, 1))
        return wrappedLines.map { indent + $0 }
    }

    // MARK: - Layouts

    /// One row in aligned columns; a wrapped cell continues on the lines below, under its own column.
    private func aligned(_ row: [String], widths: [Int], separator: String, bold: Bool, style: Style) -> [String] {
        let pieces = row.enumerated().map { column, cell in
            bold ? [cell] : fitted(cell, column: column, width: widths[column])
        }
        let height = pieces.map(\.count).max() ?? 1
        return (0..<height).map { lineIndex in
            var parts: [String] = []
            for (column, lines) in pieces.enumerated() {
                let cell = lineIndex < lines.count ? lines[lineIndex] : ""
                let padding = String(repeating: " ", count: max(widths[column] - DisplayWidth.of(cell), 0))
                let shown = bold ? style.bold(cell) : cell
                parts.append(rightAligned.contains(column) ? padding + shown : shown + padding)
            }
            return String(parts.joined(separator: separator).trimmingTrailingSpaces())
        }
    }

    /// A list without headers that does not fit: the first column narrows to what leaves the others room, and
    /// a row whose first cell is wider puts its other cells on the line below, in their columns. When no first
    /// cell fits, every row is stacked.
    private func listed(_ cells: [[String]], widths: [Int], limit: Int, separator: String, style: Style)
        -> [[String]]
    {
        let gap = DisplayWidth.of(separator)
        let room = limit - widths.dropFirst().reduce(0) { $0 + $1 + gap }
        let fitting = cells.map { DisplayWidth.of($0[0]) }.filter { $0 <= room }
        guard let first = fitting.max(), room >= 8, widths.count > 1 else {
            return cells.map { stacked($0, limit: limit) }
        }
        var narrowed = widths
        narrowed[0] = first
        return cells.map { row in
            if DisplayWidth.of(row[0]) <= first {
                return aligned(row, widths: narrowed, separator: separator, bold: false, style: style)
            }
            let below = aligned(
                [""] + row.dropFirst(), widths: narrowed, separator: separator, bold: false, style: style)
            return firstCell(row[0], limit: limit) + below
        }
    }

    /// A row of a list without headers: its first cell, then the others below it, indented by four more columns.
    private func stacked(_ row: [String], limit: Int) -> [String] {
        let indent = String(repeating: " ", count: (row.first ?? "").prefix { $0 == " " }.count + 4)
        var lines = firstCell(row.first ?? "", limit: limit)
        let rest = row.dropFirst().filter { !$0.isEmpty }.joined(separator: "  ")
        if !rest.isEmpty {
            lines += DisplayWidth.wrap(rest, to: max(limit - indent.count, 1)).map { indent + $0 }
        }
        return lines.map { String($0.trimmingTrailingSpaces()) }
    }

    /// A first cell on lines of its own: a name is cut, anything else (a usage line) wraps between words, its
    /// later lines indented by four more columns.
    private func firstCell(_ cell: String, limit: Int) -> [String] {
        if truncated.contains(0) { return [DisplayWidth.truncate(cell, to: limit)] }
        let indent = cell.prefix { $0 == " " }.count
        let text = Table.paragraph(
            String(cell.dropFirst(indent)), style: Style(isEnabled: false, width: limit),
            indent: String(repeating: " ", count: indent), hangingIndent: 4)
        return text.split(separator: "\n").map(String.init)
    }

    /// A row of a table with headers as a record: one `HEADER  value` line per cell that has a value. Cells
    /// under an empty header (a marker such as `›`) go before the first value.
    private func record(_ row: [String], header: [String], limit: Int, style: Style) -> [String] {
        let labelWidth = header.map(DisplayWidth.of).max() ?? 0
        let valueWidth = max(limit - labelWidth - 2, 1)
        let markers = row.indices.filter { header[$0].isEmpty && !row[$0].isEmpty }.map { row[$0] }
        var lines: [String] = []
        for column in row.indices where !header[column].isEmpty {
            var value = row[column]
            if lines.isEmpty, !markers.isEmpty { value = (markers + [value]).joined(separator: " ") }
            guard !value.isEmpty else { continue }
            let label =
                style.bold(header[column])
                + String(repeating: " ", count: labelWidth - DisplayWidth.of(header[column]) + 2)
            if !truncated.contains(column), !wrapped.contains(column), DisplayWidth.of(value) > valueWidth {
                // An id or a code is never cut: it goes below its label, where it has the whole line.
                let indent = min(2, max(limit - DisplayWidth.of(value), 0))
                lines += [String(label.trimmingTrailingSpaces()), String(repeating: " ", count: indent) + value]
                continue
            }
            let valueLines =
                truncated.contains(column)
                ? [DisplayWidth.truncate(value, to: valueWidth)]
                : wrapped.contains(column) ? DisplayWidth.wrap(value, to: valueWidth) : [value]
            for (index, line) in valueLines.enumerated() {
                let prefix = index == 0 ? label : String(repeating: " ", count: labelWidth + 2)
                lines.append(String((prefix + line).trimmingTrailingSpaces()))
            }
        }
        return lines
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return self[..<end]
    }
}
