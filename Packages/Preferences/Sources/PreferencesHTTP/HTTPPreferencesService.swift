import Accounts
import Foundation
import IdentityHTTP
import Networking
import Preferences
import PreferencesWire

/// `PreferencesService` over a `kith-server` (`PreferencesRoute`): the server decides the rules.
///
/// Each request carries the principal's bearer token (from `token`) and, while acting, `X-Acting-As-Member`;
/// the server then reads or writes the member's preferences and records the write as done while acting. A
/// refused `X-Acting-As-Member` comes back as `PreferencesError.notAvailable`.
public struct HTTPPreferencesService: PreferencesService {
    let requests: PrincipalClient<Principal>

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        requests = PrincipalClient(client: client, token: token, errors: [PreferencesError.self])
    }

    public func preferences(_ principal: Principal) async throws -> MemberPreferences {
        let json: PreferencesJSON = try await requests.send(PreferencesRoute.preferences, as: principal)
        return json.preferences
    }

    public func setTheme(_ principal: Principal, _ theme: ThemePreference) async throws -> MemberPreferences {
        let json: PreferencesJSON = try await requests.send(
            PreferencesRoute.theme, as: principal, body: ThemeBody(theme: theme.rawValue))
        return json.preferences
    }

    public func setFontSize(_ principal: Principal, _ size: FontSize) async throws -> MemberPreferences {
        let json: PreferencesJSON = try await requests.send(
            PreferencesRoute.fontSize, as: principal, body: FontSizeBody(fontSize: size.label))
        return json.preferences
    }

    public func reset(_ principal: Principal) async throws -> MemberPreferences {
        let json: PreferencesJSON = try await requests.send(PreferencesRoute.reset, as: principal)
        return json.preferences
    }
}
