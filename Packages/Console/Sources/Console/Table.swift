/// Rows of cells in aligned columns, measured in display columns so emoji and CJK line up.
public struct Table: Sendable {
    public var headers: [String]
    public var rows: [[String]]
    /// Columns aligned to the right (numbers).
    public var rightAligned: Set<Int>

    public init(headers: [String], rows: [[String]] = [], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rows = rows
        self.rightAligned = rightAligned
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// The table as lines of text; headers are bold when the style has colour. No trailing spaces.
    public func render(style: Style = .plain, separator: String = "  ") -> String {
        let columnCount = max(headers.count, rows.map(\.count).max() ?? 0)
        var widths = [Int](repeating: 0, count: columnCount)
        for row in [headers] + rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], DisplayWidth.of(cell))
            }
        }
        func line(_ cells: [String], bold: Bool) -> String {
            var parts: [String] = []
            for column in 0..<columnCount {
                let cell = column < cells.count ? cells[column] : ""
                let gap = String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
                let shown = bold ? style.bold(cell) : cell
                parts.append(rightAligned.contains(column) ? gap + shown : shown + gap)
            }
            return String(parts.joined(separator: separator).trimmingTrailingSpaces())
        }
        var lines: [String] = []
        if !headers.isEmpty { lines.append(line(headers, bold: true)) }
        lines += rows.map { line($0, bold: false) }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return self[..<end]
    }
}
