import CArgon2

/// libargon2 refused to hash (bad parameters or out of memory).
public struct Argon2Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `argon2_error_codes` value.
    public let code: Int32

    public var description: String { "Password hashing failed: \(String(cString: argon2_error_message(code)))" }
}
