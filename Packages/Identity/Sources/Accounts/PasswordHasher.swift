/// Turns passwords into self-describing hash strings and checks them; slow on purpose.
///
/// Implementations do their work off the Swift cooperative thread pool, and callers hash before
/// opening any write transaction.
public protocol PasswordHasher: Sendable {
    /// A new hash of `password` with a fresh salt, e.g. `$argon2id$v=19$m=19456,t=2,p=1$...`.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `encodedHash`; false (never an error) for a malformed hash.
    func verify(_ password: String, against encodedHash: String) async -> Bool
}
