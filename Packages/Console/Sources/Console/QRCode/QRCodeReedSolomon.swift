/// Reed-Solomon error correction over GF(256) (the field of x⁸ + x⁴ + x³ + x² + 1, 0x11D, generator 2), and the
/// split of a QR code's data into blocks whose codewords are interleaved.
enum QRReedSolomon {
    /// The data cut into the version's blocks (the short blocks first, the others one codeword longer), each given
    /// its error correction codewords; then the blocks' data codewords interleaved (the first of each block, the
    /// second of each…), followed by their error correction codewords interleaved the same way.
    static func interleavedCodewords(data: [UInt8], version: QRVersion) -> [UInt8] {
        let blockCount = version.blockCount
        let correctionCount = version.errorCorrectionPerBlock
        let shortLength = data.count / blockCount
        let longBlocks = data.count % blockCount
        let divisor = generator(degree: correctionCount)
        var blocks: [[UInt8]] = []
        var corrections: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index >= blockCount - longBlocks ? 1 : 0)
            let block = Array(data[start..<start + length])
            blocks.append(block)
            corrections.append(remainder(of: block, divisor: divisor))
            start += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(version.totalCodewords)
        for position in 0..<(shortLength + 1) {
            for block in blocks where position < block.count { result.append(block[position]) }
        }
        for position in 0..<correctionCount {
            for correction in corrections { result.append(correction[position]) }
        }
        return result
    }

    /// The generator polynomial (x - 2⁰)(x - 2¹)…(x - 2^(degree-1)), its coefficients from the highest power down,
    /// without the leading 1.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 2)
        }
        return coefficients
    }

    /// The remainder of `data` × x^degree divided by the generator: the error correction codewords.
    static func remainder(of data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }

    /// The product in GF(256) modulo 0x11D.
    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        var product = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= Int((right >> UInt8(bit)) & 1) * Int(left)
        }
        return UInt8(product)
    }
}
