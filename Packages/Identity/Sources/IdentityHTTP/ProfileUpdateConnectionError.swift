import Networking

/// `name` without a connection to the server: the seed's sentence for a profile that could not be saved. Other
/// calls keep `NetworkingError`'s "Connection error. Please try again."; the cause stays for logs.
public struct ProfileUpdateConnectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The failed exchange.
    public var cause: NetworkingError

    public init(cause: NetworkingError) {
        self.cause = cause
    }

    public var description: String { "Could not update profile. Check your connection and try again." }
}
