/// A command line that cannot be run as written: unknown command or option, wrong argument count or format.
///
/// The shell exits with 2 for these, and 1 for every other error.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
