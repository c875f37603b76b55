import Crypto
import Foundation

/// The key that seals secrets at rest (`--sealing-key-file`, `KITH_SEALING_KEY_FILE`: 32 random bytes), with
/// ChaCha20-Poly1305: TOTP secrets, and Tokens' signing keys and webhook secrets. A secret is sealed with its row's id
/// (the account's, the key's, the app's) as associated data, so a sealed secret copied to another row does not open.
public struct SealingKey: Sendable {
    public static let length = 32
    let key: SymmetricKey

    /// A key of exactly 32 bytes.
    public init(bytes: [UInt8]) throws(SealingKeyError) {
        guard bytes.count == Self.length else { throw .wrongLength(bytes.count) }
        key = SymmetricKey(data: bytes)
    }

    /// The key in the file at `path` (32 bytes; nothing else).
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw SealingKeyError.unreadable(path) }
        try self.init(bytes: Array(data))
    }

    /// `bytes` sealed (ChaCha20-Poly1305's combined box: nonce, ciphertext, tag) with `context` as associated data,
    /// so the box opens only with the same context: the row it belongs to (an account's id, a signing key's id).
    public func seal(_ bytes: [UInt8], context: String) throws -> [UInt8] {
        Array(try ChaChaPoly.seal(bytes, using: key, authenticating: Data(context.utf8)).combined)
    }

    /// The bytes `seal` sealed with this key and `context`; `.cannotOpen` for another key, another context or a
    /// damaged box.
    public func open(_ combined: [UInt8], context: String) throws(SealingKeyError) -> [UInt8] {
        guard let box = try? ChaChaPoly.SealedBox(combined: combined),
            let bytes = try? ChaChaPoly.open(box, using: key, authenticating: Data(context.utf8))
        else { throw .cannotOpen }
        return Array(bytes)
    }
}

/// A sealing key that cannot be used.
public enum SealingKeyError: Error, Equatable, CustomStringConvertible {
    case wrongLength(Int)
    case unreadable(String)
    /// A stored secret is sealed, and no key, or another key, was given.
    case cannotOpen

    public var description: String {
        switch self {
        case .wrongLength(let count):
            "The sealing key must be exactly \(SealingKey.length) random bytes (this one has \(count)); make one with `head -c 32 /dev/urandom > FILE`"
        case .unreadable(let path): "Cannot read the sealing key file \(path)"
        case .cannotOpen:
            "A two-step secret is sealed, and this key does not open it: give the --sealing-key-file it was sealed with"
        }
    }
}
