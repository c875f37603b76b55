import Kernel

/// Draws family codes from an injected random source, each symbol uniformly and without modulo bias.
public struct FamilyCodeGenerator: Sendable {
    private let random: any RandomSource

    /// Bytes at or above this are rejected: 252 = 36 × 7, so `byte % 36` is uniform over the rest.
    public static let acceptBelow: UInt8 = 252

    /// A generator over `random` (the system CSPRNG in the app, a seeded source in tests).
    public init(random: any RandomSource) {
        self.random = random
    }

    /// A new code, `FAM-` and six symbols of [A-Z0-9].
    public func next() -> String {
        var symbols: [Character] = []
        symbols.reserveCapacity(FamilyCodeFormat.length)
        while symbols.count < FamilyCodeFormat.length {
            // 4 of 256 bytes are rejected, so a batch of 8 almost always fills the six symbols.
            for byte in random.bytes(8) where byte < Self.acceptBelow {
                symbols.append(FamilyCodeFormat.alphabet[Int(byte % 36)])
                if symbols.count == FamilyCodeFormat.length { break }
            }
        }
        return FamilyCodeFormat.prefix + String(symbols)
    }
}
