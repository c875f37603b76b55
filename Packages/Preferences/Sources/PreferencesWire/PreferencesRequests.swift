/// `PUT /api/preferences/theme`: `system`, `light` or `dark`.
public struct ThemeBody: Codable, Sendable, Equatable {
    public var theme: String

    public init(theme: String) {
        self.theme = theme
    }
}

/// `PUT /api/preferences/font-size`: the label (`S`, `M`, `L`, `XL`) or the offset (-2, 0, 2, 4).
public struct FontSizeBody: Codable, Sendable, Equatable {
    public var fontSize: String?
    public var fontSizeOffset: Int?

    public init(fontSize: String? = nil, fontSizeOffset: Int? = nil) {
        self.fontSize = fontSize
        self.fontSizeOffset = fontSizeOffset
    }
}
