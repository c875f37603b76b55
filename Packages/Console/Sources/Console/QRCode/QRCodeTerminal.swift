extension QRCode {
    /// The code as lines of text for a terminal, two module rows to a line with Unicode half blocks, inside a quiet
    /// zone of `quietZone` light modules on each side (4 is the standard's: on a dark terminal, the drawn zone is all
    /// the light margin a reader gets).
    ///
    /// Dark modules are drawn as blocks and light ones as spaces, so the text is the code's ink. With colours
    /// (`style.isEnabled`) each line is black text on a white background, set and reset on the line, so the code is
    /// dark on light on any terminal (`qrencode -t ANSIUTF8` fixes its colours for the same reason); the palette does
    /// not matter.
    ///
    /// Without colours (`NO_COLOR`, or output that is not a terminal) there are no escapes, and the code takes the
    /// terminal's colours: it reads as is where text is dark on a light background, which is what kith takes a terminal
    /// to be when `COLORFGBG` does not say, and what a printout or a document shows. On a dark terminal it comes out as a
    /// negative, which some phone readers read and others do not: unset `NO_COLOR`, or use the secret or URI instead.
    ///
    /// The code has an odd number of rows with an even quiet zone, so the last line's lower half is light too (white,
    /// or the terminal's background).
    public func terminalLines(style: Style, quietZone: Int = 4) -> [String] {
        let range = -quietZone..<(size + quietZone)
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { top in
            let line = String(
                range.map { x -> Character in
                    let upperDark = isDark(x: x, y: top)
                    let lowerDark = top + 1 < range.upperBound && isDark(x: x, y: top + 1)
                    return switch (upperDark, lowerDark) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                })
            // Black (30) on white (47): the eight basic colours every colour terminal has. Reset before the newline so
            // the white does not fill the rest of the row where a terminal clears it with the current background.
            return style.isEnabled ? "\u{1B}[30;47m" + line + "\u{1B}[0m" : line
        }
    }
}
