import Hummingbird
import KithServer
import Preferences
import PreferencesWire

/// Theme and font size of the subject: the account, or the managed member named by `X-Acting-As-Member`.
struct PreferencesRoutes: Sendable {
    let preferences: any PreferencesService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.signedIn(PreferencesRoute.preferences) { principal, _, context in
            PreferencesJSON(try await preferences.preferences(principal))
        }
        api.signedIn(PreferencesRoute.theme) { principal, request, context in
            let body = try await request.decodeJSON(ThemeBody.self, context: context)
            let theme = try choice(body.theme, field: "theme", as: ThemePreference.self)
            return PreferencesJSON(try await preferences.setTheme(principal, theme))
        }
        api.signedIn(PreferencesRoute.fontSize) { principal, request, context in
            let body = try await request.decodeJSON(FontSizeBody.self, context: context)
            let size = try Self.fontSize(body)
            return PreferencesJSON(try await preferences.setFontSize(principal, size))
        }
        api.signedIn(PreferencesRoute.reset) { principal, _, context in
            PreferencesJSON(try await preferences.reset(principal))
        }
    }

    static func fontSize(_ body: FontSizeBody) throws -> FontSize {
        if let size = FontSize(label: body.fontSize, offset: body.fontSizeOffset) { return size }
        throw APIError(
            .badRequest, code: .invalidValue,
            message: "Send \"fontSize\": one of S, M, L, XL (or \"fontSizeOffset\": one of -2, 0, 2, 4)")
    }
}
