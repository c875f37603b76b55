import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The client's credentials file for one server: `$XDG_STATE_HOME/kith/remote/<host>-<port>.json`.
///
/// The folder is created 0700 and the file 0600 from the start; every change re-reads the file (another
/// process may have written it), applies the change and replaces the file atomically with a 0600 file.
/// Its content (raw tokens) is never printed, logged or put in an error.
public struct RemoteCredentials: Sendable {
    /// The file's path.
    public let path: String
    /// The server the file belongs to, as given to `--remote`.
    public let server: String

    /// The credentials file at `path` for `server`.
    public init(path: String, server: String) {
        self.path = path
        self.server = server
    }

    /// The default file for `server`: `$XDG_STATE_HOME/kith/remote/<host>-<port>.json`
    /// (`~/.local/state/kith/remote/...` when `XDG_STATE_HOME` is not set).
    public init(server: URL, environment: [String: String]) {
        self.init(path: Self.defaultPath(server: server, environment: environment), server: server.absoluteString)
    }

    /// `$XDG_STATE_HOME/kith/remote/<host>-<port>.json` for `server`.
    public static func defaultPath(server: URL, environment: [String: String]) -> String {
        let state: String
        if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
            state = value
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            state = home + "/.local/state"
        }
        return state + "/kith/remote/" + fileName(server: server)
    }

    /// `<host>-<port>.json`, the host reduced to letters, digits, `.` and `-` (so an IPv6 host stays one name).
    public static func fileName(server: URL) -> String {
        let host = (server.host ?? "localhost").lowercased()
        let safe = String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        let port = server.port ?? (server.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(safe)-\(port).json"
    }

    // MARK: - Reading and writing

    /// The state in the file, or an empty one when there is no file yet.
    public func load() throws -> RemoteState {
        guard let data = FileManager.default.contents(atPath: path) else { return RemoteState(server: server) }
        do {
            return try Self.decoder.decode(RemoteState.self, from: data)
        } catch {
            // Never echo the content: it holds tokens.
            throw RemoteCredentialsError("The credentials file \(path) could not be read; remove it and sign in again")
        }
    }

    /// Reads the file afresh, applies `change`, and writes the result atomically (0600) when it changed.
    @discardableResult
    public func update<Value>(_ change: (inout RemoteState) throws -> Value) throws -> Value {
        var state = try load()
        let before = state
        let value = try change(&state)
        if state != before || !FileManager.default.fileExists(atPath: path) { try write(state) }
        return value
    }

    /// Replaces the file with `state`: a temporary 0600 file in the same folder, flushed, then renamed.
    public func write(_ state: RemoteState) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try Self.makeFolder(folder)
        let data = try Self.encoder.encode(state)
        let temporary = folder + "/." + ((path as NSString).lastPathComponent) + ".\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw RemoteCredentialsError("Could not write the credentials file \(path)") }
        var ok = fchmod(descriptor, 0o600) == 0
        ok =
            ok
            && data.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { return false }
                    offset += written
                }
                return true
            }
        ok = ok && fsync(descriptor) == 0
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw RemoteCredentialsError("Could not write the credentials file \(path)")
        }
    }

    /// Creates the folder (and its parents) 0700; an existing `remote` folder is set back to 0700.
    static func makeFolder(_ folder: String) throws {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw RemoteCredentialsError("Could not create the folder \(folder)")
            }
        }
        chmod(folder, 0o700)
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        // Fractional seconds: two sign-ins within one second must still list in order.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
        }
        return decoder
    }
}

/// A credentials file that cannot be read or written; the sentence names the file, never its content.
public struct RemoteCredentialsError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    /// Creates an error with the sentence a user reads.
    public init(_ description: String) {
        self.description = description
    }
}

/// `write(2)`, named apart from `RemoteCredentials.write(_:)`.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}
