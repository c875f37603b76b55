extension QRCode {
    /// The code as lines of text for a terminal, two module rows to a line with Unicode half blocks, inside a quiet
    /// zone of `quietZone` light modules on each side.
    ///
    /// Light modules are drawn as blocks and dark ones as spaces (like `qrencode -t UTF8`): terminals mostly draw
    /// light text on a dark background, so the blocks take the text colour (light) and the spaces show the
    /// background (dark). On a dark-on-light terminal the code comes out inverted, which most phone readers also
    /// read. The code has an odd number of rows with an even quiet zone, so the last line's lower half is left to the
    /// background.
    public func terminalLines(quietZone: Int = 2) -> [String] {
        let range = -quietZone..<(size + quietZone)
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { top in
            String(
                range.map { x -> Character in
                    let upperLight = !isDark(x: x, y: top)
                    let lowerLight = top + 1 < range.upperBound && !isDark(x: x, y: top + 1)
                    return switch (upperLight, lowerLight) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                })
        }
    }
}
