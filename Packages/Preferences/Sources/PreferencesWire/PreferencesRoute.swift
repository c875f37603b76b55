import IdentityWire
import Kernel

/// The preference routes: the subject's (the account's, or the managed member's named by `X-Acting-As-Member`).
public enum PreferencesRoute {
    public static let preferences = WireRoute("GET", "/api/preferences")
    public static let theme = WireRoute("PUT", "/api/preferences/theme")
    public static let fontSize = WireRoute("PUT", "/api/preferences/font-size")
    public static let reset = WireRoute("POST", "/api/preferences/reset")

    /// Every route of the feature.
    public static let routes = [preferences, theme, fontSize, reset]
}
