/// How many terminal columns text takes: wide East Asian characters and emoji take two, marks take none.
public enum DisplayWidth {
    /// The columns `text` takes, ignoring ANSI escape sequences.
    public static func of(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                inEscape = !endsEscape(character)
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            width += of(character)
        }
        return width
    }

    /// The columns one grapheme takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let properties = first.properties
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if scalars.count == 1, isZeroWidth(first) { return 0 }
        if properties.isEmojiPresentation { return 2 }
        // A text-style emoji turned into a picture by U+FE0F, a keycap, or a flag, is two columns.
        if properties.isEmoji, scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}") { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// Pads `text` with spaces on the right to `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut; colours are reset after a cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var kept = ""
        var used = 0
        var inEscape = false
        for character in text {
            if inEscape || character == "\u{1B}" {
                // Escapes take no columns: keep them so a colour opened before the cut stays balanced below.
                kept.append(character)
                inEscape = character == "\u{1B}" || !endsEscape(character)
                continue
            }
            let columns = of(character)
            if used + columns > width - 1 { break }
            kept.append(character)
            used += columns
        }
        return kept + "…" + (text.contains("\u{1B}") ? "\u{1B}[0m" : "")
    }

    /// `text` in lines of at most `width` columns, broken only between words (runs of spaces); a word wider than
    /// `width` stands alone on its line rather than being split. Line breaks in `text` are kept.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var used = 0
            for word in paragraph.split(separator: " ") {
                let columns = of(String(word))
                if used > 0, used + 1 + columns > width {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                if used > 0 {
                    line += " "
                    used += 1
                }
                line += word
                used += columns
            }
            lines.append(line)
        }
        return lines
    }

    /// Whether `character` ends an ANSI escape sequence: a final byte (0x40-0x7E), but not the `[` that opens one.
    private static func endsEscape(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return (0x40...0x7E).contains(scalar.value) && scalar != "["
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F), the parts people meet.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
