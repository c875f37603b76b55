/// The keys preferences are stored under, one value per key and member (the seed's UserDefaults keys).
public enum PreferenceKey {
    /// `system`, `light` or `dark`.
    public static let theme = "app_theme_preference"
    /// `-2`, `0`, `2` or `4`.
    public static let fontSizeOffset = "app_font_size_offset"

    /// Every key a reset removes.
    public static let all = [theme, fontSizeOffset]
}
