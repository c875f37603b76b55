import Foundation
import Networking
import PostgresStorageTesting

/// The transaction one `look` sends to PostgreSQL, taken from what a server really sent, and pgbench running exactly
/// that transaction over the same socket: the database's part of a look, without ours.
///
/// The statements come from PostgreSQL's own log, never from a list kept here that could drift from the server's
/// code: a second kith-server on the same schema connects with `log_statement=all` for its sessions alone (a
/// connection option in its URL; the cluster's other sessions log nothing), answers two looks to warm its caches as
/// the measured server's are, and then one more, whose transaction (from its `BEGIN` to its `COMMIT`, on that
/// backend's process id) is read back from the log with each statement's parameters. The log, unlike
/// `pg_stat_statements`, keeps the parameters' values and needs no library preloaded into the cluster; unlike a
/// protocol trace, it needs nothing from the server.
///
/// pgbench then runs the same statements with `-M prepared`, the parameters given as its variables (`-D`), so they
/// are bound as the server binds them rather than pasted into the text (where pgbench would read a time's colons as
/// variables). pgbench waits for each statement's answer; the server sends a look's statements together, so pgbench's
/// figure is, if anything, below what the database could give a look.
enum LookTransaction {
    struct Captured {
        /// The pgbench script.
        var script: String
        /// Its variables, `name=value`.
        var variables: [String]
        /// The statements as the server sent them, for the output.
        var statements: [String]
    }

    /// The look's transaction on `url`'s schema, as a server sends it to ask what `token` sees of `target`.
    static func capture(server binary: String, url: String, token: String, target: String) async throws -> Captured {
        let log = try TestPostgres.serverLog()
        let logging = url + "%20-clog_statement%3Dall"
        let server = try await BenchServer(binary: binary, store: .postgres(url: logging))
        defer { server.stop() }
        let client = CurlHTTPClient()
        var headers = HTTPHeaders()
        headers.add(name: "Authorization", value: "Bearer \(token)")
        let request = HTTPRequest(
            url: URL(string: server.base + "/api/look?email=\(target)")!, headers: headers)
        for _ in 0..<2 { _ = try await client.send(request).validated() }
        let start = try size(of: log)
        _ = try await client.send(request).validated()
        // The COMMIT of a read goes out without waiting for its answer: give the server a moment to log it.
        var logged = ""
        for _ in 0..<50 {
            logged = try tail(of: log, from: start)
            if let captured = try parse(logged) { return captured }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ProcessTimer.Failure(
            description: "no look transaction found in \(log) from byte \(start):\n\(logged.suffix(3000))")
    }

    /// pgbench's transactions per second for `captured`, 16 clients on 2 threads, as wrk's 16 connections.
    static func pgbench(_ captured: Captured, url: String, seconds: Int) throws -> Double {
        let bin = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }.last
            .map { "/usr/lib/postgresql/\($0)/bin/pgbench" }
        guard let bin, FileManager.default.isExecutableFile(atPath: bin) else {
            throw ProcessTimer.Failure(description: "pgbench is not installed (Tools/bootstrap installs postgresql)")
        }
        let file = NSTemporaryDirectory() + "kith-bench-look-\(getpid()).sql"
        try captured.script.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        // A count of transactions, not -T: pgbench ends a timed run on SIGALRM, which a child of this process
        // inherits blocked (Dispatch's threads block signals), and it then never ends. 1,250 per client a second
        // lasts about `seconds` at the 20,000 a second of a quiet 2-core machine.
        let perClient = 1_250 * seconds
        var arguments = ["-n", "-M", "prepared", "-c", "16", "-j", "2", "-t", "\(perClient)", "-f", file]
        for variable in captured.variables { arguments += ["-D", variable] }
        let process = Process()
        let pipe = Pipe()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: bin)
        process.arguments = arguments + [url]
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let failure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "tps = 19123.456789 (without initial connection time)"; "number of failed transactions: 0 (0.000%)"
        let lines = output.split(separator: "\n")
        let failed = lines.first { $0.hasPrefix("number of failed transactions: ") }
            .flatMap { Int($0.dropFirst("number of failed transactions: ".count).split(separator: " ").first ?? "") }
        guard process.terminationStatus == 0, failed ?? 0 == 0,
            let line = lines.first(where: { $0.hasPrefix("tps = ") }),
            let tps = Double(line.dropFirst("tps = ".count).split(separator: " ").first ?? "")
        else { throw ProcessTimer.Failure(description: "pgbench failed:\n\(output)\(failure)") }
        return tps
    }

    private static func size(of path: String) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
    }

    private static func tail(of path: String, from offset: UInt64) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        try handle.seek(toOffset: offset)
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// One entry of the log: its process id, its level (`LOG`, `DETAIL`...) and its text, continuation lines
    /// included (a statement's own line breaks).
    private struct Entry {
        var pid: String
        var level: String
        var text: String
    }

    /// The log's entries, by the default `log_line_prefix` ('%m [%p] ': a time with its zone, the process id).
    private static func entries(_ log: String) -> [Entry] {
        let head = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] ([A-Z]+):  (.*)$/
        var entries: [Entry] = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.wholeMatch(of: head) {
                entries.append(Entry(pid: String(match.1), level: String(match.2), text: String(match.3)))
            } else if !entries.isEmpty, !line.isEmpty {
                entries[entries.count - 1].text += "\n" + line
            }
        }
        return entries
    }

    /// The first complete read transaction in `log` (nil while its COMMIT is not there yet), as a pgbench script.
    static func parse(_ log: String) throws -> Captured? {
        let all = entries(log)
        guard
            let begin = all.firstIndex(where: {
                $0.level == "LOG" && $0.text.hasSuffix(": BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            })
        else { return nil }
        let pid = all[begin].pid
        let mine = all[begin...].filter { $0.pid == pid }
        var script: [String] = []
        var statements: [String] = []
        var variables: [String] = []
        var index = mine.startIndex
        while index < mine.endIndex {
            let entry = mine[index]
            index += 1
            guard entry.level == "LOG" else { continue }
            // "statement: SQL" (simple protocol) or "execute NAME: SQL" (a prepared or unnamed statement).
            let sql: String
            if entry.text.hasPrefix("statement: ") {
                sql = String(entry.text.dropFirst("statement: ".count))
            } else if entry.text.hasPrefix("execute "), let colon = entry.text.firstIndex(of: ":") {
                sql = String(entry.text[entry.text.index(colon, offsetBy: 2)...])
            } else {
                continue
            }
            var parameters: [String: String?] = [:]
            if index < mine.endIndex, mine[index].level == "DETAIL", mine[index].text.hasPrefix("parameters: ") {
                parameters = Self.parameters(String(mine[index].text.dropFirst("parameters: ".count)))
                index += 1
            }
            statements.append(sql)
            let number = statements.count
            // $n becomes :s<statement>p<n> (pgbench's variable, bound as a parameter under -M prepared); a NULL
            // is written as NULL.
            let text = sql.replacing(/\$(\d+)/) { match -> String in
                let name = "s\(number)p\(match.1)"
                guard let value = parameters["$" + match.1] else { return String(match.0) }
                guard let value else { return "NULL" }
                if !variables.contains(where: { $0.hasPrefix(name + "=") }) { variables.append("\(name)=\(value)") }
                return ":" + name
            }
            script.append(text + ";")
            if sql == "COMMIT" {
                return Captured(
                    script: script.joined(separator: "\n") + "\n", variables: variables, statements: statements)
            }
        }
        return nil
    }

    /// `$1 = 'text', $2 = NULL` as a dictionary ('' inside a value is one quote).
    static func parameters(_ text: String) -> [String: String?] {
        var result: [String: String?] = [:]
        for match in text.matches(of: /(\$\d+) = (?:'((?:[^']|'')*)'|(NULL))/) {
            result.updateValue(match.2.map { $0.replacingOccurrences(of: "''", with: "'") }, forKey: String(match.1))
        }
        return result
    }
}
