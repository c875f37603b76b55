/// A QR code (ISO/IEC 18004 model 2) holding bytes: byte mode, error correction level M, the smallest version
/// (1-40) that holds them, and of the 8 masks the one the standard's penalty rules score lowest.
///
/// Text that is not all ASCII is preceded by the ECI that says UTF-8 (26): byte mode means ISO-8859-1 otherwise, and
/// readers left to guess take UTF-8 for Shift JIS or Latin-1 (zbar does).
///
/// Written for `kith 2fa enable`, which shows its `otpauth://` URI as a QR code drawn in the terminal
/// (`terminalLines`). Level M restores about 15% of damaged modules, enough for a screen read by a phone.
public struct QRCode: Sendable, Equatable {
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// More bytes than version 40 at level M holds: 2,331 in byte mode, 2,330 after the UTF-8 ECI.
        case tooLong(bytes: Int, limit: Int)

        public var description: String {
            switch self {
            case .tooLong(let bytes, let limit):
                "\(bytes) bytes are too long for a QR code: it holds at most \(limit)."
            }
        }
    }

    /// The most bytes a code holds (version 40, level M, byte mode, no ECI).
    public static let maximumBytes = QRVersion(40).byteCapacity(utf8: false)

    /// 1-40: the size is 17 + 4 × version modules.
    public let version: Int
    /// Modules on each side.
    public let size: Int
    /// The mask chosen (0-7).
    public let mask: Int
    /// Row-major, `size` × `size`; true is dark.
    private let modules: [Bool]

    /// Encodes `bytes` as they are (no ECI), refusing more than `maximumBytes`.
    public init(_ bytes: [UInt8]) throws(Error) {
        try self.init(bytes, utf8: false)
    }

    /// Encodes `text` as UTF-8, after the UTF-8 ECI unless it is all ASCII.
    public init(_ text: String) throws(Error) {
        let bytes = Array(text.utf8)
        try self.init(bytes, utf8: bytes.contains { $0 >= 0x80 })
    }

    private init(_ bytes: [UInt8], utf8: Bool) throws(Error) {
        let versions = (1...40).lazy.map(QRVersion.init)
        guard let version = versions.first(where: { $0.byteCapacity(utf8: utf8) >= bytes.count }) else {
            throw .tooLong(bytes: bytes.count, limit: QRVersion(40).byteCapacity(utf8: utf8))
        }
        let data = version.dataCodewords(for: bytes, utf8: utf8)
        let codewords = QRReedSolomon.interleavedCodewords(data: data, version: version)
        let layout = QRLayout(version: version)
        let (mask, modules) = layout.bestMasked(codewords: codewords)
        self.version = version.number
        self.size = version.size
        self.mask = mask
        self.modules = modules
    }

    /// Whether the module in column `x`, row `y` (from the top left, 0-based) is dark; outside the code (the quiet
    /// zone) is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }
}

/// A version's sizes at level M, from the standard's tables.
struct QRVersion {
    let number: Int

    init(_ number: Int) {
        self.number = number
    }

    var size: Int { 17 + 4 * number }

    /// Error correction codewords in each block at level M (index: version).
    private static let errorCorrectionPerBlock = [
        0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    /// Blocks at level M (index: version).
    private static let blockCounts = [
        0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]

    var errorCorrectionPerBlock: Int { Self.errorCorrectionPerBlock[number] }
    var blockCount: Int { Self.blockCounts[number] }

    /// Modules left for codewords once the function patterns (finders, separators, timing, alignment, format and
    /// version information, the dark module) are placed.
    var dataModules: Int {
        var modules = (16 * number + 128) * number + 64
        if number >= 2 {
            let alignments = number / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if number >= 7 { modules -= 36 }
        }
        return modules
    }

    /// All codewords, data and error correction (the leftover 0-7 modules are remainder bits).
    var totalCodewords: Int { dataModules / 8 }
    var dataCodewordCount: Int { totalCodewords - errorCorrectionPerBlock * blockCount }

    /// Bits of the byte count: 8 up to version 9, 16 from 10.
    var countBits: Int { number <= 9 ? 8 : 16 }

    /// The most bytes that fit: after the 4-bit mode and the count, and the 12 bits of the UTF-8 ECI if `utf8`.
    func byteCapacity(utf8: Bool) -> Int { (dataCodewordCount * 8 - (utf8 ? 12 : 0) - 4 - countBits) / 8 }

    /// Centres of the alignment patterns on each axis (none for version 1).
    var alignmentCentres: [Int] {
        guard number >= 2 else { return [] }
        let count = number / 7 + 2
        let step = (number * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        return [6] + (0..<(count - 1)).reversed().map { size - 7 - $0 * step }
    }

    /// The data codewords for `bytes`: if `utf8`, mode 0111 (ECI) and designator 26 in one byte; mode 0100 (byte),
    /// the count, the bytes, a terminator of up to 4 zero bits, zeros to a byte, then the pad bytes 0xEC and 0x11 in
    /// turn.
    func dataCodewords(for bytes: [UInt8], utf8: Bool) -> [UInt8] {
        var bits = BitBuffer()
        if utf8 {
            bits.append(0b0111, count: 4)
            bits.append(26, count: 8)
        }
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = dataCodewordCount * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < dataCodewordCount {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits as bytes (a whole number of them).
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { ($0 << 1) | ($1 ? 1 : 0) }
        }
    }
}
