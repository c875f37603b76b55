/// A call about this device (sign up or in, saved accounts, the current account) made to a service composed for a
/// server, which keeps no device: a wiring mistake, since a server signs accounts in with bearer sessions.
public struct NoDeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    public init() {}

    public var description: String { "This service keeps no device: sign in with a bearer session" }
}
