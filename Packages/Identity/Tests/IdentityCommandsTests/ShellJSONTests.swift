import Console
import Foundation
import IdentityWire
import Kernel
import Testing

/// Kith's JSON, as a shell given `KithJSON` writes it for `--json` (and the server and client write theirs).
@Suite("Kith's JSON")
struct ShellJSONTests {
    struct Value: Encodable {
        let zeta = 1
        let alpha = "a/b"
        let when = Date(timeIntervalSince1970: 1_770_546_600.25)
    }

    @Test func sortedKeysUnescapedSlashesAndWholeSecondDates() throws {
        let kith = try JSONOutput.render(Value(), with: KithJSON.encoder())
        #expect(kith == #"{"alpha":"a/b","when":"2026-02-08T10:30:00Z","zeta":1}"#)
    }
}
