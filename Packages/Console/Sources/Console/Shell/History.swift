#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The REPL's history file: mode 0600, one line per entry, never a line that carries a password.
public struct History: Sendable {
    public let path: String
    public let limit: Int

    public init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = limit
    }

    /// `$XDG_STATE_HOME/kith/history`, or `~/.local/state/kith/history`.
    public static func defaultPath(environment: [String: String]) -> String {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.local/state"
        return state + "/kith/history"
    }

    /// Whether a line may be written down: not empty, and without anything that looks like a password.
    public static func shouldRemember(_ line: String) -> Bool {
        !line.allSatisfy(\.isWhitespace) && !line.contains("--password")
    }

    /// The last `limit` lines, oldest first; nothing if the file does not exist yet.
    public func load() -> [String] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var lines: [String] = []
        var buffer: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) > 0, let buffer {
            var line = String(cString: buffer)
            if line.hasSuffix("\n") { line.removeLast() }
            if !line.isEmpty { lines.append(line) }
        }
        return Array(lines.suffix(limit))
    }

    /// Appends one line, creating the folder (0700) and the file (0600) if needed. Failures are ignored:
    /// losing a history line must never stop a command.
    public func append(_ line: String) {
        guard Self.shouldRemember(line) else { return }
        makeFolder(parentOf(path))
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        // Scalar by scalar: "\r\n" is a single Character, so replacing the Character "\n" would miss it.
        let flat = line.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }
        let text = String(String.UnicodeScalarView(flat)) + "\n"
        FileDescriptorSink(descriptor: descriptor).write(text)
    }

    private func parentOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private func makeFolder(_ folder: String) {
        if access(folder, F_OK) == 0 { return }
        makeFolder(parentOf(folder))
        mkdir(folder, 0o700)
    }
}
