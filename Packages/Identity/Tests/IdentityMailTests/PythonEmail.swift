import Foundation
import NetworkingTesting

/// Python's `email` package, run on a message: an outside check that what Kith writes is RFC 5322 that a standard
/// parser reads back the same (headers decoded, the body's transfer encoding undone).
enum PythonEmail {
    /// What the parser made of a message.
    struct Parsed: Decodable {
        /// Every header, decoded, in order.
        var headers: [[String]]
        /// The decoded text of the body.
        var body: String
        /// Problems the parser noted (`defects`), by class name.
        var defects: [String]
    }

    /// Parses `text` with `email.message_from_bytes` under the default policy (strict RFC 5322 and 6532).
    static func parse(_ text: String) throws -> Parsed {
        let script = """
            import email, email.policy, json, sys
            message = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)
            defects = [type(d).__name__ for d in message.defects]
            headers = []
            for name, value in message.items():
                headers.append([name, str(value)])
                defects += [type(d).__name__ for d in getattr(value, "defects", [])]
            print(json.dumps({"headers": headers, "body": message.get_content().replace("\\r\\n", "\\n"), "defects": defects}))
            """
        return try JSONDecoder().decode(Parsed.self, from: try run(["python3", "-c", script], input: Data(text.utf8)))
    }

    /// Runs `arguments`, feeding `input`; its standard output (a failure when it exits non-zero).
    static func run(_ arguments: [String], input: Data) throws -> Data {
        Data(try ChildProcess.output(of: arguments, input: input).utf8)
    }
}

extension PythonEmail.Parsed {
    /// The values of header `name` (case-insensitive).
    func values(_ name: String) -> [String] {
        headers.filter { $0[0].lowercased() == name.lowercased() }.map { $0[1] }
    }
}
