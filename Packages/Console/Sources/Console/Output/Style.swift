/// How human output looks: ANSI colours (off when `NO_COLOR` is set or the output is not a terminal) and the
/// columns it may take (the terminal's width; no limit when the output is not a terminal).
public struct Style: Sendable {
    /// Colours chosen for the terminal's background.
    public enum Palette: Sendable {
        case dark
        case light
    }

    public let isEnabled: Bool
    public let palette: Palette
    /// The display columns a line may take; nil when there is no limit (piped output, files, `--json`).
    public let width: Int?

    public init(isEnabled: Bool, palette: Palette = .dark, width: Int? = nil) {
        self.isEnabled = isEnabled
        self.palette = palette
        self.width = width.map { max($0, 1) }
    }

    /// No escapes at all.
    public static let plain = Style(isEnabled: false)

    /// Colours only for a terminal, and never when `NO_COLOR` is set (to anything but the empty string); the
    /// terminal's `width` only for a terminal, since what goes to a pipe or a file must never be cut.
    public static func forOutput(
        isTerminal: Bool, environment: [String: String], palette: Palette = .dark, width: Int? = nil
    ) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Style(isEnabled: isTerminal && !noColor, palette: palette, width: isTerminal ? width : nil)
    }

    /// The same style for output that will be indented by `columns`: that much narrower.
    public func inset(by columns: Int) -> Style {
        Style(isEnabled: isEnabled, palette: palette, width: width.map { $0 - columns })
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
