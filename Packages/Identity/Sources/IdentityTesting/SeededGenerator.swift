import Kernel

/// `SeededRandomSource` as a `RandomNumberGenerator`, for tests that generate cases (`randomElement(using:)`,
/// `Bool.random(using:)`): each `next()` is the source's next eight bytes, so a seed gives the same SplitMix64
/// sequence, and the same cases, on every run.
public struct SeededGenerator: RandomNumberGenerator {
    private let source: SeededRandomSource

    /// Starts the sequence at `seed`.
    public init(seed: UInt64) {
        source = SeededRandomSource(seed: seed)
    }

    public mutating func next() -> UInt64 {
        var value: UInt64 = 0
        withUnsafeMutableBytes(of: &value) { source.fill($0) }
        return value
    }
}
