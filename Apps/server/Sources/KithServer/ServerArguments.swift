/// `kith-server [--db FILE] [--host HOST] [--port N]`, parsed by hand: three flags need no parser library.
public struct ServerArguments: Sendable, Equatable {
    /// nil: `KITH_DB`, then the same default file as `kith`.
    public var databasePath: String?
    public var host: String = "127.0.0.1"
    public var port: Int = 8080

    /// What `--help` prints, and what follows a usage error.
    public static let usage = """
        usage: kith-server [--db FILE] [--host HOST] [--port N]
          --db FILE    the SQLite file (default: KITH_DB, else the same file as kith)
          --host HOST  the address to listen on (default 127.0.0.1)
          --port N     the port to listen on, 1-65535 (default 8080)
        """

    /// A usage error: the sentence to print before the usage (the process exits 2).
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What the command line asks for: `nil` when it asks for `--help`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> ServerArguments? {
        var parsed = ServerArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // `--flag=value` and `--flag value` are both accepted.
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let flag = parts[0]
            if flag == "--help" || flag == "-h" { return nil }
            guard ["--db", "--host", "--port"].contains(flag) else {
                throw UsageError(description: "unknown argument \(argument)")
            }
            let value: String
            if parts.count == 2 {
                value = parts[1]
            } else if let next = remaining.popFirst() {
                value = next
            } else {
                throw UsageError(description: "\(flag) needs a value")
            }
            guard !value.isEmpty else { throw UsageError(description: "\(flag) needs a value") }
            switch flag {
            case "--db": parsed.databasePath = value
            case "--host": parsed.host = value
            default:
                guard let port = Int(value), (1...65_535).contains(port) else {
                    throw UsageError(description: "--port must be a number from 1 to 65535, not \(value)")
                }
                parsed.port = port
            }
        }
        return parsed
    }
}
