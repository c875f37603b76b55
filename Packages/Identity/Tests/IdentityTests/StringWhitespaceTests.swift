import Foundation
import Testing

/// `trimmingWhitespace` trims exactly what Foundation's `.whitespacesAndNewlines` trims.
@Suite("Trimming white space")
struct StringWhitespaceTests {
    @Test(arguments: [
        "", " ", "\t\n\r\u{0B}\u{0C}", "ann@example.com", "  Ann@Example.COM \n", "\u{A0}Ann\u{3000}",
        "\u{2028}Bo\u{2029}", "\u{85}Cy\u{1680}", "a b\tc", " é ", "\u{200B}zero width\u{200B}", "👩‍👩‍👧 ",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func everyScalarAgreesWithFoundation() {
        // Each scalar of the Basic Multilingual Plane alone and between letters: the whole set, not a sample.
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(Character(scalar))x\(Character(scalar))"
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(String(value, radix: 16))")
        }
    }
}
