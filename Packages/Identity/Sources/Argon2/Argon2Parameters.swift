
/// Argon2id cost parameters; stored inside every hash, so raising them later keeps old hashes valid.
public struct Argon2Parameters: Sendable, Hashable {
    /// Memory in KiB.
    public var memoryKiB: UInt32
    /// Passes over memory.
    public var iterations: UInt32
    /// Lanes.
    public var parallelism: UInt32

    /// Creates parameters; libargon2 needs `memoryKiB >= 8 * parallelism`.
    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// OWASP's recommendation: m=19 MiB, t=2, p=1. What the app uses.
    public static let owasp = Argon2Parameters(memoryKiB: 19_456, iterations: 2, parallelism: 1)
    /// Cheap parameters for tests only: never for real passwords.
    public static let testing = Argon2Parameters(memoryKiB: 64, iterations: 1, parallelism: 1)
}
