/// A failure to open, migrate or use the database file, with the sentence a user reads.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, for callers that branch on it.
    public enum Code: String, Sendable {
        case notAFile
        case notADatabase
        case foreignDatabase
        case newerSchema
        case cannotCreate
        case readOnly
        case cannotOpen
        case migrationFailed
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
