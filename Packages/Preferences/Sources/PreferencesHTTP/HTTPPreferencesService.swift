import Foundation
import Identity
import IdentityHTTP
import Networking
import Preferences

/// `PreferencesService` over a `kith-server` (`/api/preferences...`): the server decides the rules.
///
/// Each request carries the principal's bearer token (from `token`) and, while acting, `X-Acting-As-Member`;
/// the server then reads or writes the member's preferences and records the write as done while acting.
public struct HTTPPreferencesService: PreferencesService {
    let requests: PrincipalClient

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        requests = PrincipalClient(client: client, token: token, mapError: Self.map)
    }

    public func preferences(_ principal: Principal) async throws -> MemberPreferences {
        let json: PreferencesJSON = try await requests.send(.get, "/api/preferences", principal)
        return json.preferences
    }

    public func setTheme(_ principal: Principal, _ theme: ThemePreference) async throws -> MemberPreferences {
        let json: PreferencesJSON = try await requests.send(
            .put, "/api/preferences/theme", principal, body: ThemeBody(theme: theme.rawValue))
        return json.preferences
    }

    public func setFontSize(_ principal: Principal, _ size: FontSize) async throws -> MemberPreferences {
        let json: PreferencesJSON = try await requests.send(
            .put, "/api/preferences/font-size", principal, body: FontSizeBody(fontSize: size.label))
        return json.preferences
    }

    public func reset(_ principal: Principal) async throws -> MemberPreferences {
        let json: PreferencesJSON = try await requests.send(.post, "/api/preferences/reset", principal)
        return json.preferences
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
