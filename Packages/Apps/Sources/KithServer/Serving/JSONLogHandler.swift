import Foundation
import Logging
import Synchronization

/// `--log-format json` (CLI.md, Operations): one JSON object a line, for log collectors: `time` (UTC, ISO 8601 with
/// milliseconds), `level`, `message`, `logger`, then the metadata's keys (`requestId`, `method`, `route`, `status`,
/// `duration_ms`...) as strings, arrays or objects. Keys are written in a fixed order, a line is written whole.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    let label: String
    let output: Output

    /// Where lines go: a file handle, or (tests) a closure.
    public struct Output: Sendable {
        let write: @Sendable (String) -> Void

        /// Standard error, as the text format's default.
        public static let standardError = Output { line in
            lock.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) }
        }

        /// Every line to `write`.
        public static func lines(_ write: @escaping @Sendable (String) -> Void) -> Output { Output(write: write) }

        /// One line at a time, whichever thread logs.
        private static let lock = Mutex(())
    }

    /// A handler for the logger `label`, writing to `output`.
    public init(label: String, output: Output = .standardError) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        // Hummingbird's own request counter: the request id below names the request instead.
        merged["hb.request.id"] = nil
        let fixed: [(String, Logger.Metadata.Value)] = [
            ("time", .string(Self.timestamp(Date()))), ("level", .string(event.level.rawValue)),
            ("message", .string(event.message.description)), ("logger", .string(label)),
        ]
        let rest = merged.filter { !["time", "level", "message", "logger"].contains($0.key) }
        var line = ""
        Self.appendObject(fixed + rest.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, to: &line)
        output.write(line + "\n")
    }

    // MARK: - JSON

    static func append(_ value: Logger.Metadata.Value, to line: inout String) {
        switch value {
        case .string(let text): appendString(text, to: &line)
        case .stringConvertible(let convertible): appendString(convertible.description, to: &line)
        case .array(let values):
            line += "["
            for (index, element) in values.enumerated() {
                if index > 0 { line += "," }
                append(element, to: &line)
            }
            line += "]"
        case .dictionary(let values):
            appendObject(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, to: &line)
        }
    }

    /// `pairs` as a JSON object, keys in the order given.
    static func appendObject(_ pairs: [(String, Logger.Metadata.Value)], to line: inout String) {
        line += "{"
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { line += "," }
            appendString(key, to: &line)
            line += ":"
            append(value, to: &line)
        }
        line += "}"
    }

    /// `text` as a JSON string: quotes, backslashes and every control character escaped.
    static func appendString(_ text: String, to line: inout String) {
        line += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: line.unicodeScalars.append(scalar)
            }
        }
        line += "\""
    }

    /// `2026-11-26T13:05:07.123Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!))
    }
}
