/// A CBOR data item (RFC 8949), as much of CBOR as WebAuthn's attestation objects and COSE keys use: integers, byte
/// and text strings, arrays, maps keyed by integers or text, and false, true and null.
public indirect enum CBORValue: Sendable, Hashable {
    case unsigned(UInt64)
    /// The integer -1 - `n` (major type 1), so the whole range down to -2^64 fits.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    /// The entries in the order they were written (keys are integers or text, never repeated).
    case map([CBORMapEntry])
    case bool(Bool)
    case null

    /// The value as an `Int`, when it is an integer that fits.
    public var integer: Int? {
        switch self {
        case .unsigned(let n): return n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): return n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default: return nil
        }
    }

    /// The value of the entry keyed `key` (an integer), when this is a map that has one.
    public subscript(key: Int) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key.integer == key }?.value
    }

    /// The value of the entry keyed `key` (text), when this is a map that has one.
    public subscript(key: String) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == .text(key) }?.value
    }
}

/// One entry of a CBOR map.
public struct CBORMapEntry: Sendable, Hashable {
    public let key: CBORValue
    public let value: CBORValue

    public init(key: CBORValue, value: CBORValue) {
        self.key = key
        self.value = value
    }
}

/// Why bytes are not a CBOR item this reader accepts.
public enum CBORError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input ends inside an item.
    case truncated
    /// An indefinite-length string, array or map (additional information 31).
    case indefiniteLength
    /// Arrays and maps nested deeper than the reader allows.
    case tooDeep(limit: Int)
    /// Bytes left after the item, when the whole input was to be one item.
    case trailingBytes(count: Int)
    /// A text string that is not UTF-8.
    case invalidText
    /// A map key other than an integer or a text string.
    case unsupportedMapKey
    /// The same key twice in one map.
    case duplicateMapKey
    /// A tag, a float, an undefined or unassigned simple value, or a reserved additional information (28-30).
    case unsupported(String)

    public var description: String {
        switch self {
        case .truncated: "the input ends inside an item"
        case .indefiniteLength: "an indefinite length"
        case .tooDeep(let limit): "nested deeper than \(limit)"
        case .trailingBytes(let count): count == 1 ? "1 byte after the item" : "\(count) bytes after the item"
        case .invalidText: "a text string that is not UTF-8"
        case .unsupportedMapKey: "a map key that is neither an integer nor text"
        case .duplicateMapKey: "a map key repeated"
        case .unsupported(let what): "unsupported: \(what)"
        }
    }
}

/// Reads CBOR (RFC 8949) with definite lengths only, as pure functions over bytes.
public enum CBORReader {
    /// How deep arrays and maps may nest unless a caller says otherwise (a COSE key in an attestation object is 3).
    public static let defaultMaximumDepth = 16

    /// The one item that is all of `bytes`: bytes after it are refused.
    public static func decode(_ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth)
        throws(CBORError)
        -> CBORValue
    {
        let (value, length) = try decodePrefix(bytes, maximumDepth: maximumDepth)
        let count = bytes.count
        guard length == count else { throw .trailingBytes(count: count - length) }
        return value
    }

    /// The item at the start of `bytes` and how many bytes it took (what follows is the caller's).
    public static func decodePrefix(_ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth)
        throws(CBORError) -> (value: CBORValue, length: Int)
    {
        var cursor = Cursor(bytes: Array(bytes), maximumDepth: maximumDepth)
        let value = try cursor.item(depth: 0)
        return (value, cursor.position)
    }

    private struct Cursor {
        let bytes: [UInt8]
        let maximumDepth: Int
        var position = 0

        var remaining: Int { bytes.count - position }

        mutating func byte() throws(CBORError) -> UInt8 {
            guard position < bytes.count else { throw .truncated }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func take(_ count: UInt64) throws(CBORError) -> [UInt8] {
            guard count <= UInt64(remaining) else { throw .truncated }
            let end = position + Int(count)
            defer { position = end }
            return Array(bytes[position..<end])
        }

        /// The argument of a head whose additional information is `info` (RFC 8949 §3).
        mutating func argument(_ info: UInt8) throws(CBORError) -> UInt64 {
            switch info {
            case 0..<24: return UInt64(info)
            case 24, 25, 26, 27:
                var value: UInt64 = 0
                for byte in try take(1 << UInt64(info - 24)) { value = value << 8 | UInt64(byte) }
                return value
            case 31: throw .indefiniteLength
            default: throw .unsupported("reserved additional information \(info)")
            }
        }

        mutating func item(depth: Int) throws(CBORError) -> CBORValue {
            let head = try byte()
            let major = head >> 5
            let info = head & 0x1F
            switch major {
            case 0: return .unsigned(try argument(info))
            case 1: return .negative(try argument(info))
            case 2: return .bytes(try take(try argument(info)))
            case 3:
                let raw = try take(try argument(info))
                guard let text = String(validating: raw, as: UTF8.self) else { throw .invalidText }
                return .text(text)
            case 4:
                let count = try argument(info)
                guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
                // Every item takes at least one byte: a count beyond what is left is truncated, not allocated.
                guard count <= UInt64(remaining) else { throw .truncated }
                var items = [CBORValue]()
                items.reserveCapacity(Int(count))
                for _ in 0..<count { items.append(try item(depth: depth + 1)) }
                return .array(items)
            case 5:
                let count = try argument(info)
                guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
                guard count <= UInt64(remaining / 2) else { throw .truncated }
                var entries = [CBORMapEntry]()
                var keys = Set<CBORValue>()
                for _ in 0..<count {
                    let key = try item(depth: depth + 1)
                    switch key {
                    case .unsigned, .negative, .text: break
                    default: throw .unsupportedMapKey
                    }
                    guard keys.insert(key).inserted else { throw .duplicateMapKey }
                    entries.append(CBORMapEntry(key: key, value: try item(depth: depth + 1)))
                }
                return .map(entries)
            case 6: throw .unsupported("tag")
            default:
                switch info {
                case 20: return .bool(false)
                case 21: return .bool(true)
                case 22: return .null
                case 23: throw .unsupported("undefined")
                case 25, 26, 27: throw .unsupported("floating-point number")
                case 28, 29, 30: throw .unsupported("reserved additional information \(info)")
                case 31: throw .indefiniteLength
                case 24: throw .unsupported("simple value \(try argument(info))")
                default: throw .unsupported("simple value \(info)")
                }
            }
        }
    }
}
