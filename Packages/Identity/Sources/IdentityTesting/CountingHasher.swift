import Accounts
import Synchronization

/// Counts hashing and verifying, to prove that some paths never hash (silent switches, refusals).
public final class CountingHasher: PasswordHasher {
    private let inner: any PasswordHasher
    private let counts = Mutex((hashes: 0, verifies: 0))

    public init(_ inner: any PasswordHasher) {
        self.inner = inner
    }

    public var hashes: Int { counts.withLock { $0.hashes } }
    public var verifies: Int { counts.withLock { $0.verifies } }
    public var total: Int { counts.withLock { $0.hashes + $0.verifies } }

    public func hash(_ password: String) async throws -> String {
        counts.withLock { $0.hashes += 1 }
        return try await inner.hash(password)
    }

    public func verify(_ password: String, against encodedHash: String) async -> Bool {
        counts.withLock { $0.verifies += 1 }
        return await inner.verify(password, against: encodedHash)
    }
}
