/// ANSI colours for human output, off when `NO_COLOR` is set or the output is not a terminal.
public struct Style: Sendable {
    /// Colours chosen for the terminal's background.
    public enum Palette: Sendable {
        case dark
        case light
    }

    public let isEnabled: Bool
    public let palette: Palette

    public init(isEnabled: Bool, palette: Palette = .dark) {
        self.isEnabled = isEnabled
        self.palette = palette
    }

    /// No escapes at all.
    public static let plain = Style(isEnabled: false)

    /// Colours only for a terminal, and never when `NO_COLOR` is set (to anything but the empty string).
    public static func forOutput(isTerminal: Bool, environment: [String: String], palette: Palette = .dark) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Style(isEnabled: isTerminal && !noColor, palette: palette)
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// Headings and names the eye should find first.
    public func accent(_ text: String) -> String { wrap(text, palette == .dark ? "96" : "34") }
    public func success(_ text: String) -> String { wrap(text, palette == .dark ? "92" : "32") }
    public func warning(_ text: String) -> String { wrap(text, palette == .dark ? "93" : "35") }
    public func failure(_ text: String) -> String { wrap(text, "31") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
