import Hummingbird
import Identity
import Preferences

/// Theme and font size of the subject: the account, or the managed member named by `X-Acting-As-Member`.
struct PreferencesRoutes: Sendable {
    let preferences: any PreferencesService

    struct PreferencesJSON: Encodable, Sendable {
        let memberId: String
        let theme: String
        /// `S`, `M`, `L` or `XL`.
        let fontSize: String
        let fontSizeOffset: Int

        init(_ values: MemberPreferences) {
            memberId = values.memberId
            theme = values.theme.rawValue
            fontSize = values.fontSize.label
            fontSizeOffset = values.fontSizeOffset
        }
    }

    struct ThemeBody: Decodable, Sendable {
        let theme: String
    }

    /// Either the label (`S`, `M`, `L`, `XL`) or the offset (-2, 0, 2, 4).
    struct FontSizeBody: Decodable, Sendable {
        let fontSize: String?
        let fontSizeOffset: Int?
    }

    func add(to api: RouterGroup<KithRequestContext>) {
        api.get("preferences") { _, context in
            try JSONCoding.response(PreferencesJSON(try await preferences.preferences(try context.requirePrincipal())))
        }
        api.put("preferences/theme") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(ThemeBody.self, context: context)
            let theme = try choice(body.theme, field: "theme", as: ThemePreference.self)
            return try JSONCoding.response(PreferencesJSON(try await preferences.setTheme(principal, theme)))
        }
        api.put("preferences/font-size") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(FontSizeBody.self, context: context)
            let size = try Self.fontSize(body)
            return try JSONCoding.response(PreferencesJSON(try await preferences.setFontSize(principal, size)))
        }
        api.post("preferences/reset") { _, context in
            try JSONCoding.response(PreferencesJSON(try await preferences.reset(try context.requirePrincipal())))
        }
    }

    static func fontSize(_ body: FontSizeBody) throws -> FontSize {
        if let label = body.fontSize, let size = FontSize(label: label) { return size }
        if body.fontSize == nil, let offset = body.fontSizeOffset, let size = FontSize(offset: offset) { return size }
        throw APIError(
            .badRequest, code: "invalid_value",
            message: "Send \"fontSize\": one of S, M, L, XL (or \"fontSizeOffset\": one of -2, 0, 2, 4)")
    }
}
