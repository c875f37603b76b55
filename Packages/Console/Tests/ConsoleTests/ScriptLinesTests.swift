import Console
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Script lines")
struct ScriptLinesTests {
    /// Lines from `bytes` handed over `size` bytes at a time.
    private func chunked(_ bytes: [UInt8], size: Int) -> ScriptLines {
        var offset = 0
        return ScriptLines(readChunk: {
            guard offset < bytes.count else { return nil }
            let end = min(offset + size, bytes.count)
            defer { offset = end }
            return Array(bytes[offset..<end])
        })
    }

    private func text(_ number: Int, _ text: String) -> ScriptLine { ScriptLine(number: number, content: .text(text)) }

    @Test("lines are numbered from 1, with or without a final newline")
    func numbering() {
        #expect(Array(ScriptLines(text: "a\nb\nc\n")) == [text(1, "a"), text(2, "b"), text(3, "c")])
        #expect(Array(ScriptLines(text: "a\nb")) == [text(1, "a"), text(2, "b")])
        #expect(Array(ScriptLines(text: "a\n\n\nd")) == [text(1, "a"), text(2, ""), text(3, ""), text(4, "d")])
        #expect(Array(ScriptLines(text: "\n")) == [text(1, "")])
        #expect(Array(ScriptLines(text: "")).isEmpty)
    }

    @Test("CRLF endings are stripped")
    func crlf() {
        #expect(Array(ScriptLines(text: "a\r\nb\r\nc")) == [text(1, "a"), text(2, "b"), text(3, "c")])
        #expect(Array(ScriptLines(text: "\r\n")) == [text(1, "")])
    }

    @Test("invalid UTF-8 makes that line invalid; later lines are still read")
    func invalidUTF8() {
        let bytes = Array("ok\n".utf8) + [0xFF, 0xFE] + Array("\nafter\n".utf8) + [0xE6, 0x9D] + Array("\nlast".utf8)
        let read = Array(chunked(bytes, size: 1 << 20))
        #expect(read.map(\.number) == [1, 2, 3, 4, 5])
        #expect(read[0] == text(1, "ok"))
        #expect(read[1].content == .invalid("This line is not valid UTF-8 text"))
        #expect(read[2] == text(3, "after"))
        #expect(read[3].content == .invalid("This line is not valid UTF-8 text"))
        #expect(read[4] == text(5, "last"))
    }

    @Test("a 1 MB line is refused as too long, and the next line is still read", arguments: [1 << 20, 4096, 1000])
    func tooLong(chunkSize: Int) throws {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000_000)
        let bytes = Array("first\n".utf8) + long + Array("\nnext\n".utf8)
        let read = Array(chunked(bytes, size: chunkSize))
        try #require(read.count == 3)
        #expect(read[0] == text(1, "first"))
        guard case .invalid(let message) = read[1].content else {
            Issue.record("a 1 MB line was read as text")
            return
        }
        #expect(read[1].number == 2)
        #expect(message.contains("too long"))
        #expect(message.contains("1000000 bytes"))
        #expect(message.contains("\(ScriptLines.maximumLineBytes)"))
        #expect(read[2] == text(3, "next"))
    }

    @Test("the limit itself is allowed; one byte more is not")
    func limit() {
        let limit = ScriptLines.maximumLineBytes
        let atLimit = String(repeating: "a", count: limit)
        let read = Array(ScriptLines(text: atLimit + "\n" + atLimit + "b\n"))
        #expect(read.count == 2)
        #expect(read[0] == text(1, atLimit))
        guard case .invalid(let message) = read[1].content else {
            Issue.record("a line one byte over the limit was read as text")
            return
        }
        #expect(message.contains("too long (\(limit + 1) bytes"))
    }

    static let mixed = "李小龍 says hi\nsecond 👨‍👩‍👧 line\r\n\nZürich e\u{301}\n🇫🇷 last"

    @Test(
        "chunk boundaries inside lines and inside multi-byte characters change nothing", arguments: [1, 2, 3, 5, 7, 64])
    func chunkBoundaries(size: Int) {
        let whole = Array(ScriptLines(text: Self.mixed))
        #expect(
            whole == [
                text(1, "李小龍 says hi"), text(2, "second 👨‍👩‍👧 line"), text(3, ""), text(4, "Zürich e\u{301}"),
                text(5, "🇫🇷 last"),
            ])
        let pieces = Array(chunked(Array(Self.mixed.utf8), size: size))
        #expect(pieces == whole)
        let exact = pieces.map { line -> [UInt8] in
            if case .text(let text) = line.content { return Array(text.utf8) }
            return []
        }
        #expect(exact[3] == Array("Zürich e\u{301}".utf8))
    }

    @Test("empty chunks do not end the input")
    func emptyChunks() {
        var chunks: [[UInt8]] = [Array("a".utf8), [], Array("b\nc".utf8), [], Array("d\n".utf8)]
        let read = Array(ScriptLines(readChunk: { chunks.isEmpty ? nil : chunks.removeFirst() }))
        #expect(read == [text(1, "ab"), text(2, "cd")])
    }

    @Test("lines from a file descriptor")
    func descriptor() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/script.kith"
        try Data("echo 李\r\n# note\necho two".utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(
            Array(ScriptLines(descriptor: descriptor)) == [text(1, "echo 李"), text(2, "# note"), text(3, "echo two")])
    }
}
