import Console

/// Tokenizes any line without trapping, and checks the documented promise of `Tokenizer.quote`: every word, quoted
/// and joined with spaces, tokenizes back to the same words.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let line = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let words = try? Tokenizer.tokenize(line) else { return 0 }
    let requoted = words.map(Tokenizer.quote).joined(separator: " ")
    guard (try? Tokenizer.tokenize(requoted)) == words else {
        fatalError("quote does not round-trip: \(words.debugDescription) -> \(requoted.debugDescription)")
    }
    return 0
}
