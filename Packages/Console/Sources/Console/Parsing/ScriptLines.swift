#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line of a script, numbered from 1: its text, or why it cannot be read as text.
public struct ScriptLine: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case text(String)
        case invalid(String)
    }

    public let number: Int
    public let content: Content

    public init(number: Int, content: Content) {
        self.number = number
        self.content = content
    }
}

/// Splits bytes into script lines as they arrive, refusing lines that are not UTF-8 or are too long.
///
/// A line over the limit is reported and skipped without being held in memory whole.
public struct ScriptLines: Sequence, IteratorProtocol {
    public static let maximumLineBytes = 65_536

    static func tooLongMessage(_ count: Int) -> String {
        "This line is too long (\(count) bytes; the limit is \(maximumLineBytes))"
    }

    private let readChunk: () -> [UInt8]?
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false
    private var number = 0

    /// Lines from a function that returns the next chunk of bytes, or `nil` at the end.
    public init(readChunk: @escaping () -> [UInt8]?) {
        self.readChunk = readChunk
    }

    /// Lines from a whole text (tests).
    public init(text: String) {
        var chunks = [Array(text.utf8)]
        self.init(readChunk: { chunks.popLast() })
    }

    /// Lines from a file descriptor, read 64 KiB at a time.
    public init(descriptor: Int32) {
        self.init(readChunk: {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return nil }
                return Array(chunk.prefix(count))
            }
        })
    }

    public mutating func next() -> ScriptLine? {
        var line: [UInt8] = []
        var length = 0
        while true {
            if position == buffer.count {
                guard !finished, let chunk = readChunk() else {
                    finished = true
                    if length == 0 { return nil }
                    break
                }
                buffer = chunk
                position = 0
            }
            if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                append(buffer[position..<newline], to: &line, length: &length)
                position = newline + 1
                break
            }
            append(buffer[position...], to: &line, length: &length)
            position = buffer.count
        }
        number += 1
        if length > Self.maximumLineBytes {
            return ScriptLine(number: number, content: .invalid(Self.tooLongMessage(length)))
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard let text = String(validating: line, as: UTF8.self) else {
            return ScriptLine(number: number, content: .invalid("This line is not valid UTF-8 text"))
        }
        return ScriptLine(number: number, content: .text(text))
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8], length: inout Int) {
        length += bytes.count
        if length <= Self.maximumLineBytes { line += bytes }
    }
}
