import Foundation

/// The built `kith` on a database file of its own in the temporary directory, with a password of its own: call it
/// as `kith(["whoami"])`.
struct KithOnFile: Sendable {
    let database: String
    let environment: [String: String]

    /// A new file named `prefix`, a UUID and `.sqlite`.
    init(_ prefix: String) {
        database = NSTemporaryDirectory() + prefix + UUID().uuidString + ".sqlite"
        environment = ["KITH_PASSWORD": "Pass-\(UUID().uuidString)"]
    }

    /// Runs kith on the file with `arguments`, feeding `input` on standard input.
    func callAsFunction(_ arguments: [String], input: String = "") async throws -> KithProcess.Result {
        try await KithProcess.run(["--db", database] + arguments, input: Data(input.utf8), environment: environment)
    }
}
