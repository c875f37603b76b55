import Foundation
import Synchronization

/// Where secrets and ids get their randomness; injected so tests can be deterministic.
public protocol RandomSource: Sendable {
    /// Fills `buffer` with random bytes.
    func fill(_ buffer: UnsafeMutableRawBufferPointer)
}

extension RandomSource {
    /// `count` random bytes.
    public func bytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { fill($0) }
        return bytes
    }

    /// A random (version 4) UUID, as the lower-case string Kith stores.
    public func uuidString() -> String {
        var raw = bytes(16)
        raw[6] = (raw[6] & 0x0F) | 0x40
        raw[8] = (raw[8] & 0x3F) | 0x80
        let uuid = UUID(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
            ))
        return uuid.uuidString.lowercased()
    }

    /// A uniformly distributed integer in `0..<upperBound`, without modulo bias.
    public func integer(below upperBound: UInt64) -> UInt64 {
        precondition(upperBound > 0, "upperBound must be positive")
        // Rejecting the top partial range keeps every residue equally likely.
        let limit = UInt64.max - (UInt64.max % upperBound)
        while true {
            var value: UInt64 = 0
            withUnsafeMutableBytes(of: &value) { fill($0) }
            if value < limit { return value % upperBound }
        }
    }
}

/// The operating system's CSPRNG (`getrandom`/`arc4random` behind `SystemRandomNumberGenerator`).
public struct SystemRandomSource: RandomSource {
    /// Creates a source over the system CSPRNG.
    public init() {}

    /// Fills `buffer` from the system CSPRNG.
    public func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        var generator = SystemRandomNumberGenerator()
        var offset = 0
        while offset < buffer.count {
            let word = generator.next()
            let count = min(8, buffer.count - offset)
            withUnsafeBytes(of: word) { wordBytes in
                for index in 0..<count { buffer[offset + index] = wordBytes[index] }
            }
            offset += count
        }
    }
}

/// A deterministic source (SplitMix64) for tests: the same seed gives the same bytes. Never for secrets.
public final class SeededRandomSource: RandomSource {
    private let state: Mutex<UInt64>

    /// Starts the sequence at `seed`.
    public init(seed: UInt64 = 0x4B49_5448) {
        state = Mutex(seed)
    }

    /// Fills `buffer` with the next bytes of the sequence.
    public func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        state.withLock { state in
            var offset = 0
            while offset < buffer.count {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                let count = min(8, buffer.count - offset)
                withUnsafeBytes(of: z) { wordBytes in
                    for index in 0..<count { buffer[offset + index] = wordBytes[index] }
                }
                offset += count
            }
        }
    }
}
