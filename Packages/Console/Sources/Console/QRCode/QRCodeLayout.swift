/// Where a QR code's modules go: the function patterns (finders and their separators, timing, alignment, format and
/// version information, the dark module), the codewords in the zigzag of two-module columns, the masks and the
/// penalty rules that choose one.
struct QRLayout {
    let version: QRVersion
    let size: Int
    /// Row-major: the function patterns drawn (data modules light).
    private var modules: [Bool]
    /// Row-major: whether a module belongs to a function pattern (masks and data leave it alone).
    private var isFunction: [Bool]

    init(version: QRVersion) {
        self.version = version
        size = version.size
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index % 2 == 0)
            setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)
        let centres = version.alignmentCentres
        for (column, x) in centres.enumerated() {
            for (row, y) in centres.enumerated() {
                // The three corners with a finder have no alignment pattern.
                let last = centres.count - 1
                if (column == 0 && row == 0) || (column == 0 && row == last) || (column == last && row == 0) {
                    continue
                }
                drawAlignment(centreX: x, centreY: y)
            }
        }
        // Reserved now, written once the mask is chosen.
        drawFormat(mask: 0)
        drawVersion()
    }

    /// The codewords placed, each mask applied and scored; the lowest score wins (the first on a tie). The chosen
    /// mask and the modules with their format information.
    func bestMasked(codewords: [UInt8]) -> (mask: Int, modules: [Bool]) {
        var placed = self
        placed.place(codewords: codewords)
        var best: (mask: Int, modules: [Bool], penalty: Int)?
        for mask in 0..<8 {
            var candidate = placed
            candidate.apply(mask: mask)
            candidate.drawFormat(mask: mask)
            let penalty = candidate.penalty
            if best == nil || penalty < best!.penalty {
                best = (mask, candidate.modules, penalty)
            }
        }
        return (best!.mask, best!.modules)
    }

    // MARK: - Function patterns

    private mutating func setFunction(x: Int, y: Int, dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// The 7×7 finder and its light separator (the part inside the code).
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx
                let y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let distance = max(abs(dx), abs(dy))
                setFunction(x: x, y: y, dark: distance != 2 && distance != 4)
            }
        }
    }

    /// The 5×5 alignment pattern: dark ring, light ring, dark centre.
    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(x: centreX + dx, y: centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// The 15 format bits (level M is 00, then the mask, then a BCH(15,5) remainder, XORed with 101010000010010),
    /// twice: around the top left finder, and split between the top right and bottom left ones; plus the dark module.
    private mutating func drawFormat(mask: Int) {
        let data = (0b00 << 3) | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = ((data << 10) | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
        for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
        for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// From version 7: the 6-bit version and a BCH(18,6) remainder, in two 6×3 blocks by the top right and bottom
    /// left finders.
    private mutating func drawVersion() {
        guard version.number >= 7 else { return }
        var remainder = version.number
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = (version.number << 12) | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let along = size - 11 + index % 3
            let across = index / 3
            setFunction(x: along, y: across, dark: dark)
            setFunction(x: across, y: along, dark: dark)
        }
    }

    // MARK: - Data

    /// The codewords' bits, most significant first, up and down two-module columns from the right (skipping the
    /// vertical timing column), right module before left; modules left over (remainder bits) stay light.
    private mutating func place(codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] && bitIndex < bitCount {
                    modules[y * size + x] = (codewords[bitIndex >> 3] >> UInt8(7 - (bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Flips the data modules where mask `mask`'s condition holds (x: column, y: row).
    private mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] {
                let flip =
                    switch mask {
                    case 0: (x + y) % 2 == 0
                    case 1: y % 2 == 0
                    case 2: x % 3 == 0
                    case 3: (x + y) % 3 == 0
                    case 4: (x / 3 + y / 2) % 2 == 0
                    case 5: x * y % 2 + x * y % 3 == 0
                    case 6: (x * y % 2 + x * y % 3) % 2 == 0
                    default: ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                if flip { modules[y * size + x].toggle() }
            }
        }
    }

    // MARK: - Penalty

    /// The standard's four rules: runs of five or more alike in a row or column (3, plus 1 for each module past 5);
    /// each 2×2 block alike (3); each finder-like 1:1:3:1:1 with four light modules before or after it, outside the
    /// code counting as light (40); the share of dark modules, 10 for each whole 5% away from half.
    var penalty: Int {
        let modules = modules
        let size = size
        var total = 0
        var line = [Bool](repeating: false, count: size)
        for index in 0..<size {
            for position in 0..<size { line[position] = modules[index * size + position] }
            total += Self.linePenalty(line)
            for position in 0..<size { line[position] = modules[position * size + index] }
            total += Self.linePenalty(line)
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y * size + x]
                if modules[y * size + x + 1] == colour && modules[(y + 1) * size + x] == colour
                    && modules[(y + 1) * size + x + 1] == colour
                {
                    total += 3
                }
            }
        }
        var darkCount = 0
        for module in modules where module { darkCount += 1 }
        total += abs(darkCount * 2 - modules.count) * 10 / modules.count * 10
        return total
    }

    /// The runs and finder-like patterns of one row or column (true is dark).
    static func linePenalty(_ line: [Bool]) -> Int {
        var total = 0
        var run = 1
        for position in 1..<line.count {
            if line[position] == line[position - 1] {
                run += 1
            } else {
                if run >= 5 { total += run - 2 }
                run = 1
            }
        }
        if run >= 5 { total += run - 2 }
        // The last 11 modules as bits, the line between four light modules on each side.
        var window = 0
        for position in 0..<(line.count + 8) {
            let dark = position >= 4 && position < line.count + 4 && line[position - 4]
            window = ((window << 1) | (dark ? 1 : 0)) & 0x7FF
            if position >= 10 && (window == 0b101_1101_0000 || window == 0b000_0101_1101) { total += 40 }
        }
        return total
    }
}
