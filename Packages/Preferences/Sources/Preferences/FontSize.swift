import Foundation

/// A font size step: an offset in points from the base size, `S` -2, `M` 0, `L` +2, `XL` +4.
public enum FontSize: Int, Sendable, Codable, CaseIterable, Hashable {
    case small = -2
    case medium = 0
    case large = 2
    case extraLarge = 4

    /// What a new member (or a reset, or an unreadable stored value) has.
    public static let `default` = FontSize.medium

    /// The offset in points, as stored under `app_font_size_offset`.
    public var offset: Int { rawValue }

    /// `S`, `M`, `L` or `XL`, as the command line names it.
    public var label: String {
        switch self {
        case .small: "S"
        case .medium: "M"
        case .large: "L"
        case .extraLarge: "XL"
        }
    }

    /// The size a label names (case-insensitively), or nil.
    public init?(label: String) {
        let key = label.trimmingCharacters(in: .whitespaces).uppercased()
        guard let size = Self.allCases.first(where: { $0.label == key }) else { return nil }
        self = size
    }

    /// The size of a stored offset, or nil when it is not one of -2, 0, 2, 4.
    public init?(offset: Int) {
        self.init(rawValue: offset)
    }

    /// The size a request names by its label (`M`) or, only when it gives no label, by its offset (`0`): the seed's
    /// clients send either; nil when neither names a size.
    public init?(label: String?, offset: Int?) {
        if let label {
            self.init(label: label)
        } else if let offset {
            self.init(offset: offset)
        } else {
            return nil
        }
    }
}
