import Console
import Foundation
import IdentityWire
import Testing

/// A shell built without an encoder still writes Kith's JSON, byte for byte, until every caller passes `KithJSON`.
@Suite("A shell's JSON without an encoder")
struct ShellJSONTests {
    struct Value: Encodable {
        let zeta = 1
        let alpha = "a/b"
        let when = Date(timeIntervalSince1970: 1_770_546_600.25)
    }

    @Test func isKithJSON() throws {
        let kith = try JSONOutput.render(Value(), with: KithJSON.encoder())
        #expect(try JSONOutput.render(Value(), with: JSONOutput.encoderForShellsGivenNone()) == kith)
        #expect(kith == #"{"alpha":"a/b","when":"2026-02-08T10:30:00Z","zeta":1}"#)
    }
}
