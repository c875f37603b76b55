import Foundation
import Identity
import Networking
import Preferences

/// `PreferencesService` over a `kith-server` (`/api/preferences...`): the server decides the rules.
///
/// Each request carries the principal's bearer token (from `token`) and, while acting, `X-Acting-As-Member`;
/// the server then reads or writes the member's preferences and records the write as done while acting.
public struct HTTPPreferencesService: PreferencesService {
    let client: JSONClient
    let token: @Sendable (Principal) async throws -> String

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        self.client = client
        self.token = token
    }

    public func preferences(_ principal: Principal) async throws -> MemberPreferences {
        try await call(.get, "/api/preferences", principal, body: Optional<ThemeBody>.none)
    }

    public func setTheme(_ principal: Principal, _ theme: ThemePreference) async throws -> MemberPreferences {
        try await call(.put, "/api/preferences/theme", principal, body: ThemeBody(theme: theme.rawValue))
    }

    public func setFontSize(_ principal: Principal, _ size: FontSize) async throws -> MemberPreferences {
        try await call(.put, "/api/preferences/font-size", principal, body: FontSizeBody(fontSize: size.label))
    }

    public func reset(_ principal: Principal) async throws -> MemberPreferences {
        try await call(.post, "/api/preferences/reset", principal, body: Optional<ThemeBody>.none)
    }

    // MARK: - Wire

    struct ThemeBody: Encodable, Sendable {
        let theme: String
    }

    struct FontSizeBody: Encodable, Sendable {
        let fontSize: String
    }

    /// The server's `{memberId, theme, fontSize, fontSizeOffset}`.
    struct PreferencesJSON: Decodable, Sendable {
        let memberId: String
        let theme: String
        let fontSizeOffset: Int

        /// Unknown values read as the defaults, as stored values do.
        var preferences: MemberPreferences {
            MemberPreferences(
                memberId: memberId, theme: ThemePreference(rawValue: theme) ?? .default,
                fontSize: FontSize(offset: fontSizeOffset) ?? .default)
        }
    }

    /// The headers of a request by `principal` with `token`: the bearer, and the member acted as (if any).
    static func headers(token: String, actingAs: ActingAs?) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
        if let actingAs { headers[ActingAsMiddleware.headerName] = actingAs.memberId }
        return headers
    }

    private func call<Body: Encodable & Sendable>(
        _ method: HTTPMethod, _ path: String, _ principal: Principal, body: Body?
    ) async throws -> MemberPreferences {
        let headers = Self.headers(token: try await token(principal), actingAs: principal.actingAs)
        do {
            let json: PreferencesJSON =
                if let body {
                    try await client.send(method, path, body: body, headers: headers)
                } else {
                    try await client.send(method, path, headers: headers)
                }
            return json.preferences
        } catch {
            throw Self.map(error)
        }
    }

    /// The local service's errors for what the server answered: an expired session is "Not signed in", a
    /// refused `X-Acting-As-Member` is `PreferencesError.notAvailable`; anything else keeps the server's sentence.
    static func map(_ error: any Error) -> any Error {
        guard let error = error as? NetworkingError else { return error }
        switch (error.code, error.serverError) {
        case (.unauthorized, _): return IdentityError.notSignedIn
        case (.forbidden, "forbidden"): return PreferencesError.notAvailable
        default: return error
        }
    }
}
