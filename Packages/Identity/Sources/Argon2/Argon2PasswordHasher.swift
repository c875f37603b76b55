import Accounts
import CArgon2
import Dispatch
import Foundation
import Kernel

/// Argon2id through libargon2, producing `$argon2id$v=19$m=...,t=...,p=...$salt$hash` strings.
public struct Argon2PasswordHasher: PasswordHasher {
    public let parameters: Argon2Parameters
    private let random: any RandomSource

    /// The length of the random salt, in bytes.
    public static let saltLength = 16
    /// The length of the derived hash, in bytes.
    public static let hashLength = 32

    /// A hasher at `parameters` (OWASP's by default) whose salts come from `random`.
    public init(parameters: Argon2Parameters = .owasp, random: any RandomSource = SystemRandomSource()) {
        self.parameters = parameters
        self.random = random
    }

    public func hash(_ password: String) async throws -> String {
        let salt = random.bytes(Self.saltLength)
        let parameters = parameters
        let bytes = Self.passwordBytes(password)
        return try await Self.offPool { try Self.hashNow(bytes, salt: salt, parameters: parameters) }
    }

    public func verify(_ password: String, against encodedHash: String) async -> Bool {
        let bytes = Self.passwordBytes(password)
        return await Self.offPool { Self.verifyNow(bytes, encodedHash: encodedHash) }
    }

    // MARK: - libargon2

    /// NFC so the same password typed on different keyboards matches.
    private static func passwordBytes(_ password: String) -> [UInt8] {
        Array(password.precomposedStringWithCanonicalMapping.utf8)
    }

    private static func hashNow(_ password: [UInt8], salt: [UInt8], parameters: Argon2Parameters) throws -> String {
        let length = argon2_encodedlen(
            parameters.iterations, parameters.memoryKiB, parameters.parallelism, UInt32(salt.count),
            UInt32(hashLength), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let status = password.withUnsafeBytes { passwordBuffer in
            salt.withUnsafeBytes { saltBuffer in
                argon2id_hash_encoded(
                    parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                    passwordBuffer.baseAddress, passwordBuffer.count,
                    saltBuffer.baseAddress, saltBuffer.count,
                    hashLength, &encoded, length)
            }
        }
        guard status == ARGON2_OK.rawValue else { throw Argon2Error(code: status) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func verifyNow(_ password: [UInt8], encodedHash: String) -> Bool {
        guard encodedHash.hasPrefix("$argon2id$") else { return false }
        let status = password.withUnsafeBytes { passwordBuffer in
            argon2id_verify(encodedHash, passwordBuffer.baseAddress, passwordBuffer.count)
        }
        return status == ARGON2_OK.rawValue
    }

    /// Runs slow CPU work on a Dispatch queue so it never blocks the cooperative pool's few threads.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    private static let queue = DispatchQueue(label: "kith.argon2", qos: .userInitiated, attributes: .concurrent)
}
