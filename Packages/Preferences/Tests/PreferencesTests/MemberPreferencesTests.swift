import Preferences
import Testing

@Suite("Stored values")
struct MemberPreferencesTests {
    @Test("nothing stored reads as system and M")
    func defaults() {
        let preferences = MemberPreferences(memberId: "a", stored: [:])
        #expect(preferences.theme == .system)
        #expect(preferences.fontSize == .medium)
        #expect(preferences.fontSizeOffset == 0)
    }

    @Test("stored values are read back", arguments: ThemePreference.allCases, FontSize.allCases)
    func roundTrip(_ theme: ThemePreference, _ size: FontSize) {
        let preferences = MemberPreferences(memberId: "a", theme: theme, fontSize: size)
        #expect(MemberPreferences(memberId: "a", stored: preferences.storedValues) == preferences)
    }

    @Test("the seed's keys and raw values")
    func keys() {
        let values = MemberPreferences(memberId: "a", theme: .dark, fontSize: .extraLarge).storedValues
        #expect(values == ["app_theme_preference": "dark", "app_font_size_offset": "4"])
    }

    @Test(
        "unknown or malformed values read as the default",
        arguments: ["", "purple", "Dark mode", "1", "null", "\u{0}", "🌙"],
        ["", "3", "-4", "1.5", "big", "0x2", "99999999999999999999"])
    func malformed(_ theme: String, _ offset: String) {
        let preferences = MemberPreferences(
            memberId: "a", stored: ["app_theme_preference": theme, "app_font_size_offset": offset])
        #expect(preferences.theme == .system)
        #expect(preferences.fontSize == .medium)
    }

    @Test("one good value survives a bad neighbour")
    func mixed() {
        let preferences = MemberPreferences(
            memberId: "a", stored: ["app_theme_preference": "dark", "app_font_size_offset": "huge", "other": "x"])
        #expect(preferences.theme == .dark)
        #expect(preferences.fontSize == .medium)
    }

    @Test("font size labels and offsets")
    func fontSizes() {
        #expect(FontSize.allCases.map(\.label) == ["S", "M", "L", "XL"])
        #expect(FontSize.allCases.map(\.offset) == [-2, 0, 2, 4])
        #expect(FontSize(label: "xl") == .extraLarge)
        #expect(FontSize(label: "XXL") == nil)
        #expect(FontSize(offset: 2) == .large)
        #expect(FontSize(offset: 1) == nil)
    }

    @Test("a request's label wins over its offset; an offset counts only without a label")
    func labelOrOffset() {
        #expect(FontSize(label: "L", offset: -2) == .large)
        #expect(FontSize(label: nil, offset: -2) == .small)
        #expect(FontSize(label: "XXL", offset: 0) == nil)
        #expect(FontSize(label: nil, offset: nil) == nil)
    }
}
