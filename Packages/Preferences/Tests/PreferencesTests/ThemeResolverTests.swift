import Preferences
import Testing

@Suite("Effective theme")
struct ThemeResolverTests {
    /// COLORFGBG values and the background they mean: last field 0-6 or 8 is dark, anything else light.
    static let table: [(String?, EffectiveTheme)] = [
        (nil, .light),
        ("", .light),
        ("15;0", .dark),
        ("0;15", .light),
        ("7;0", .dark),
        ("15;1", .dark),
        ("15;2", .dark),
        ("15;3", .dark),
        ("15;4", .dark),
        ("15;5", .dark),
        ("15;6", .dark),
        ("0;7", .light),
        ("15;8", .dark),
        ("0;9", .light),
        ("0;10", .light),
        ("0;15", .light),
        ("15;default;0", .dark),
        ("0;default;15", .light),
        ("default;default", .light),
        ("15;", .light),
        ("0", .dark),
        ("12", .light),
        ("15;-1", .light),
        ("15;0x", .light),
        ("15; 0", .dark),
        ("nonsense", .light),
    ]

    @Test("system follows COLORFGBG", arguments: table)
    func system(_ value: String?, _ expected: EffectiveTheme) {
        let environment = value.map { ["COLORFGBG": $0] } ?? [:]
        #expect(ThemeResolver.terminalBackground(environment: environment) == expected)
        #expect(ThemeResolver.effectiveTheme(.system, environment: environment) == expected)
    }

    @Test("light and dark ignore the terminal", arguments: table)
    func chosen(_ value: String?, _ ignored: EffectiveTheme) {
        let environment = value.map { ["COLORFGBG": $0] } ?? [:]
        #expect(ThemeResolver.effectiveTheme(.light, environment: environment) == .light)
        #expect(ThemeResolver.effectiveTheme(.dark, environment: environment) == .dark)
    }
}
