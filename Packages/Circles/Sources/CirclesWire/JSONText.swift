/// Compact JSON text as `JSONEncoder` writes it with `.sortedKeys` and `.withoutEscapingSlashes`, written directly
/// from a `JSONObject` (whose members come in key order; a dictionary's are sorted here).
struct JSONText: JSONObjectWriter {
    private(set) var bytes: [UInt8] = []

    /// The text of `object`.
    static func bytes(of object: some JSONObject) -> [UInt8] {
        var text = JSONText()
        text.bytes.reserveCapacity(512)
        text.members(of: object)
        return text.bytes
    }

    mutating func string(_ key: some CodingKey, _ value: String?) {
        self.key(key.stringValue)
        optionalString(value)
    }

    mutating func strings(_ key: some CodingKey, _ values: [String]) {
        self.key(key.stringValue)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func strings<Value>(_ key: some CodingKey, _ values: [String: Value], _ text: (Value) -> String?) {
        self.key(key.stringValue)
        bytes.append(UInt8(ascii: "{"))
        for (name, value) in values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            self.key(name)
            optionalString(text(value))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func object(_ key: some CodingKey, _ value: (some JSONObject)?) {
        self.key(key.stringValue)
        if let value { members(of: value) } else { bytes.append(contentsOf: "null".utf8) }
    }

    /// `{`, the members, `}`.
    private mutating func members(of object: some JSONObject) {
        bytes.append(UInt8(ascii: "{"))
        // Nothing here throws: the text is bytes appended.
        try! object.write(to: &self)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A member's key and colon, after a comma unless it is its object's first.
    private mutating func key(_ name: String) {
        if bytes.last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { bytes.append(contentsOf: "null".utf8) }
    }

    /// A string with JSON's escapes: quote, backslash, and control characters (the short forms where JSON has
    /// them); everything else, slashes and non-ASCII included, as its UTF-8.
    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
