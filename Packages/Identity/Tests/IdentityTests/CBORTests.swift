import Testing
import WebAuthn

/// The bytes of `hex` (pairs of hex digits).
func hexBytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map {
        UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
    }
}

@Suite("CBOR reader (RFC 8949)")
struct CBORTests {
    /// RFC 8949 Appendix A examples of what the reader supports, with the value each decodes to.
    static let appendixA: [(hex: String, value: CBORValue)] = [
        ("00", .unsigned(0)), ("01", .unsigned(1)), ("0a", .unsigned(10)), ("17", .unsigned(23)),
        ("1818", .unsigned(24)), ("1819", .unsigned(25)), ("1864", .unsigned(100)), ("1903e8", .unsigned(1000)),
        ("1a000f4240", .unsigned(1_000_000)), ("1b000000e8d4a51000", .unsigned(1_000_000_000_000)),
        ("1bffffffffffffffff", .unsigned(UInt64.max)), ("3bffffffffffffffff", .negative(UInt64.max)),
        ("20", .negative(0)), ("29", .negative(9)), ("3863", .negative(99)), ("3903e7", .negative(999)),
        ("f4", .bool(false)), ("f5", .bool(true)), ("f6", .null),
        ("40", .bytes([])), ("4401020304", .bytes([1, 2, 3, 4])),
        ("60", .text("")), ("6161", .text("a")), ("6449455446", .text("IETF")), ("62225c", .text("\"\\")),
        ("62c3bc", .text("\u{00fc}")), ("63e6b0b4", .text("\u{6c34}")), ("64f0908591", .text("\u{10151}")),
        ("80", .array([])), ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
        (
            "8301820203820405",
            .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4), .unsigned(5)])])
        ),
        (
            "98190102030405060708090a0b0c0d0e0f101112131415161718181819",
            .array((1...25).map { .unsigned(UInt64($0)) })
        ),
        ("a0", .map([])),
        (
            "a201020304",
            .map([
                CBORMapEntry(key: .unsigned(1), value: .unsigned(2)),
                CBORMapEntry(key: .unsigned(3), value: .unsigned(4)),
            ])
        ),
        (
            "a26161016162820203",
            .map([
                CBORMapEntry(key: .text("a"), value: .unsigned(1)),
                CBORMapEntry(key: .text("b"), value: .array([.unsigned(2), .unsigned(3)])),
            ])
        ),
        ("826161a161626163", .array([.text("a"), .map([CBORMapEntry(key: .text("b"), value: .text("c"))])])),
        (
            "a56161614161626142616361436164614461656145",
            .map(
                ["a", "b", "c", "d", "e"].map { CBORMapEntry(key: .text($0), value: .text($0.uppercased())) })
        ),
    ]

    @Test("Appendix A examples decode to their values", arguments: 0..<appendixA.count)
    func appendixExample(index: Int) throws {
        let (hex, value) = Self.appendixA[index]
        #expect(try CBORReader.decode(hexBytes(hex)) == value)
        #expect(try CBORReader.decodePrefix(hexBytes(hex)).length == hex.count / 2)
    }

    @Test func integersAsInt() throws {
        #expect(try CBORReader.decode(hexBytes("3901 00".replacingOccurrences(of: " ", with: ""))).integer == -257)
        #expect(try CBORReader.decode(hexBytes("26")).integer == -7)
        #expect(try CBORReader.decode(hexBytes("1bffffffffffffffff")).integer == nil)
        #expect(try CBORReader.decode(hexBytes("6161")).integer == nil)
    }

    @Test func mapLookups() throws {
        let map = try CBORReader.decode(hexBytes("a30102262061616162"))
        #expect(map[1] == .unsigned(2))
        #expect(map[-7] == .negative(0))
        #expect(map["a"] == .text("b"))
        #expect(map[2] == nil)
        #expect(map["b"] == nil)
    }

    /// Appendix A examples the reader refuses: floats, tags, undefined, other simple values, indefinite lengths.
    @Test(
        "Appendix A examples outside what WebAuthn uses are refused",
        arguments: [
            ("f90000", CBORError.unsupported("floating-point number")),
            ("fa47c35000", .unsupported("floating-point number")),
            ("fb3ff199999999999a", .unsupported("floating-point number")),
            ("c074323031332d30332d32315432303a30343a30305a", .unsupported("tag")),
            ("c249010000000000000000", .unsupported("tag")),
            ("f7", .unsupported("undefined")),
            ("f0", .unsupported("simple value 16")),
            ("f8ff", .unsupported("simple value 255")),
            ("5f42010243030405ff", .indefiniteLength),
            ("7f657374726561646d696e67ff", .indefiniteLength),
            ("9fff", .indefiniteLength),
            ("9f018202039f0405ffff", .indefiniteLength),
            ("bf61610161629f0203ffff", .indefiniteLength),
        ])
    func refusedExample(hex: String, error: CBORError) {
        #expect(throws: error) { try CBORReader.decode(hexBytes(hex)) }
    }

    @Test(
        "Truncated input is refused",
        arguments: [
            "", "18", "1900", "1b00000000000000", "44010203", "62c3", "830102", "a20102",
            "9bffffffffffffffff", "bbffffffffffffffff", "5bffffffffffffffff00",
        ])
    func truncated(hex: String) {
        #expect(throws: CBORError.truncated) { try CBORReader.decode(hexBytes(hex)) }
    }

    @Test func trailingBytesRefusedUnlessTheCallerReadsAPrefix() throws {
        #expect(throws: CBORError.trailingBytes(count: 2)) { try CBORReader.decode(hexBytes("010203")) }
        let prefix = try CBORReader.decodePrefix(hexBytes("a1010244ffff"))
        #expect(prefix.value == .map([CBORMapEntry(key: .unsigned(1), value: .unsigned(2))]))
        #expect(prefix.length == 3)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        // Sixteen arrays, each the only item of the one around it, then seventeen.
        let sixteen = [UInt8](repeating: 0x81, count: 15) + [0x80]
        let seventeen = [UInt8](repeating: 0x81, count: 16) + [0x80]
        #expect(throws: Never.self) { try CBORReader.decode(sixteen) }
        #expect(throws: CBORError.tooDeep(limit: 16)) { try CBORReader.decode(seventeen) }
        #expect(throws: CBORError.tooDeep(limit: 2)) {
            try CBORReader.decode(hexBytes("a101a102a10304"), maximumDepth: 2)
        }
    }

    @Test func otherMalformedItemsAreRefused() {
        #expect(throws: CBORError.invalidText) { try CBORReader.decode(hexBytes("62c328")) }
        #expect(throws: CBORError.unsupportedMapKey) { try CBORReader.decode(hexBytes("a1410001")) }
        #expect(throws: CBORError.unsupportedMapKey) { try CBORReader.decode(hexBytes("a1800001")) }
        #expect(throws: CBORError.duplicateMapKey) { try CBORReader.decode(hexBytes("a201020103")) }
        #expect(throws: CBORError.duplicateMapKey) { try CBORReader.decode(hexBytes("a2616101616102")) }
        #expect(throws: CBORError.unsupported("reserved additional information 28")) {
            try CBORReader.decode(hexBytes("1c"))
        }
        #expect(throws: CBORError.unsupported("reserved additional information 30")) {
            try CBORReader.decode(hexBytes("fe"))
        }
    }
}
