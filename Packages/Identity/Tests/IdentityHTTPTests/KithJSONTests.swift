import Foundation
import IdentityWire
import Kernel
import Testing

/// Kith's one JSON: what the server, the HTTP clients and `--json` all write and read.
@Suite("KithJSON")
struct KithJSONTests {
    struct Value: Codable, Equatable {
        var zeta = 1
        var alpha = "a/b"
        var when = Date(timeIntervalSince1970: 0)
    }

    @Test("keys sorted, slashes unescaped, dates ISO 8601 in whole seconds")
    func writes() throws {
        let text = String(decoding: try KithJSON.encoder().encode(Value()), as: UTF8.self)
        #expect(text == #"{"alpha":"a/b","when":"1970-01-01T00:00:00Z","zeta":1}"#)
    }

    @Test("dates are read with or without fractional seconds")
    func readsDates() throws {
        let whole = #"{"alpha":"","when":"2026-02-08T10:30:00Z","zeta":1}"#
        let fractional = #"{"alpha":"","when":"2026-02-08T10:30:00.250Z","zeta":1}"#
        let decoder = KithJSON.decoder()
        #expect(
            try decoder.decode(Value.self, from: Data(whole.utf8)).when == Date(timeIntervalSince1970: 1_770_546_600))
        let read = try decoder.decode(Value.self, from: Data(fractional.utf8)).when
        #expect(abs(read.timeIntervalSince1970 - 1_770_546_600.25) < 0.001)
        #expect(throws: DecodingError.self) {
            try decoder.decode(Value.self, from: Data(#"{"alpha":"","when":"yesterday","zeta":1}"#.utf8))
        }
    }
}
