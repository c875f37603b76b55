import Foundation
import Testing

@testable import Circles

/// "One emoji" (a circle's emoji): exactly one grapheme, and that grapheme an emoji.
@Suite("Circle emoji")
struct EmojiValidationTests {
    @Test(
        "one emoji passes",
        arguments: [
            "⭕", "😀", "❤", "❤️", "👨‍👩‍👧‍👦", "🧑‍🤝‍🧑", "🏳️‍🌈", "❤️‍🔥", "🇫🇷", "🇯🇵", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "#️⃣", "*️⃣",
            "👍🏽", "👋🏿", "👩🏽‍💻", "🕵🏽‍♂️", " 🎲 ",
        ])
    func oneEmoji(_ text: String) throws {
        #expect(try Validation.emoji(text) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test(
        "anything else fails",
        arguments: [
            "a\u{FE0F}", "a\u{1F3FD}", "1\u{FE0F}", "#\u{FE0F}", "1", "#", "a", "ab", "😀😀", "🇫🇷🇯🇵", "", "   ",
            "a\u{20E3}",
            "a\u{200D}😀", "😀\u{200D}a", "\u{1F1EB}", "é\u{FE0F}", "ж\u{1F3FB}", "\u{FE0F}",
        ])
    func notOneEmoji(_ text: String) {
        #expect(throws: CirclesError.invalidEmoji) { try Validation.emoji(text) }
    }
}
