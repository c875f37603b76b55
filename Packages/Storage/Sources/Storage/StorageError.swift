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
        /// The database cannot be used right now (a server down or refusing connections, a full disk, an I/O
        /// error): try again later.
        case unavailable
        /// A transaction kept losing to concurrent ones and gave up after its retries: try again.
        case busy
        /// The database answered with an error that is none of the above (a bug, or a schema out of step).
        case failed
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
