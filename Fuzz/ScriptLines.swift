import Console

/// Reads any bytes as script lines, split into chunks at arbitrary places, and checks that the chunking changes
/// nothing: the same lines, numbered from 1 without a gap, none holding a newline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptLines(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let data = Array(bytes.dropFirst())
    // The first byte sets the chunk size, so the fuzzer explores boundaries inside lines, CRLFs and UTF-8.
    let size = Int(first) + 1
    var chunks = stride(from: 0, to: data.count, by: size).map { Array(data[$0..<min($0 + size, data.count)]) }
    chunks.reverse()
    let chunked = Array(ScriptLines(readChunk: { chunks.popLast() }))
    var whole = data.isEmpty ? [] : [data]
    let unchunked = Array(ScriptLines(readChunk: { whole.popLast() }))
    guard chunked == unchunked else { fatalError("chunking changed the lines") }
    for (index, line) in chunked.enumerated() {
        guard line.number == index + 1 else { fatalError("line \(index + 1) is numbered \(line.number)") }
        if case .text(let text) = line.content, text.utf8.contains(UInt8(ascii: "\n")) {
            fatalError("line \(line.number) holds a newline")
        }
    }
    return 0
}
