import CLibPQ
import Foundation

extension PostgresDatabase {
    /// The connection string as a log may show it: every option libpq reads from it, as `keyword=value`, with
    /// the ones libpq marks secret (`password`, `sslpassword`) shown as `***`, however the string spelled them
    /// (`user:pass@host`, `?password=`, `password=` or `password = '...'` in key-value form). Text libpq cannot read
    /// is not shown at all: only libpq knows where a secret starts in it.
    public static func redacted(_ connectionString: String) -> String {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connectionString, &message) else {
            if let message { PQfreemem(message) }
            return "(a connection string libpq cannot read)"
        }
        defer { PQconninfoFree(options) }
        var shown: [String] = []
        var option = options
        while let keyword = option.pointee.keyword {
            defer { option += 1 }
            guard let value = option.pointee.val else { continue }
            let secret = option.pointee.dispchar.map { String(cString: $0) } == "*"
            shown.append("\(String(cString: keyword))=\(secret ? "***" : quoted(String(cString: value)))")
        }
        return shown.joined(separator: " ")
    }

    /// A key-value connection string's value: quoted, with `'` and `\` escaped, when it is empty or has either of
    /// those or a space.
    private static func quoted(_ value: String) -> String {
        guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "'" || $0 == "\\" }) else { return value }
        return "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
