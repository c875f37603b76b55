/// An event's `data` as the JSON object the SQL stores keep: keys sorted, as `KithJSON.encoder()` writes it.
///
/// Built by hand because it is on every change's write path: Foundation's `JSONEncoder` on Linux costs more than the
/// rest of the event's write, and the payload is a flat object of strings. Escapes what JSON requires (the quote, the
/// backslash and the control characters) and writes everything else as it is, in UTF-8; any JSON decoder reads it back.
public enum EventData {
    /// `data` as a JSON object (`{}` when empty).
    public static func json(_ data: [String: String]) -> String {
        guard !data.isEmpty else { return "{}" }
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(data.reduce(2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 })
        for (index, entry) in data.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(entry.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            append(entry.value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string, quotes included.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                // The other control characters have no short form: \u00XX.
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
