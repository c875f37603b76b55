import Foundation
import Kernel
import Testing

/// `EventData.json`: the hand-built encoder of an event's data reads back as written, whatever the strings hold.
@Suite("An event's data as JSON")
struct EventDataTests {
    @Test func noDataIsAnEmptyObject() {
        #expect(EventData.json([:]) == "{}")
    }

    @Test func keysAreSortedAndPlainTextIsWrittenAsItIs() {
        #expect(
            EventData.json(["reason": "sign_out", "kind": "passkey"]) == #"{"kind":"passkey","reason":"sign_out"}"#)
        #expect(EventData.json(["changed": "name,role"]) == #"{"changed":"name,role"}"#)
    }

    @Test func whatJSONRequiresIsEscapedAndEverythingReadsBack() throws {
        let data = [
            "quote\"key": "a \"quoted\" value",
            "back\\slash": "C:\\path/with/slashes",
            "controls": "line\nfeed\rreturn\ttab\u{08}\u{0C}\u{00}\u{1F}\u{7F}",
            "unicode": "é 日本 👩‍👩‍👧 \u{2028}",
            "": "",
        ]
        let text = EventData.json(data)
        #expect(!text.utf8.contains { $0 < 0x20 })
        #expect(try JSONDecoder().decode([String: String].self, from: Data(text.utf8)) == data)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String] == data)
    }
}
