import Accounts
import Console
import Preferences

/// The Preferences feature's commands: `prefs`, `prefs theme`, `prefs font-size`, `prefs reset`.
///
/// The principal comes from `principals` (the ProfileSession manager in the app), so while acting the
/// commands read and write the managed member's preferences.
public struct PreferencesPlugin: Plugin {
    private let service: any PreferencesService
    private let principals: any PrincipalSource

    /// Commands over `service`, for whoever `principals` says is calling.
    public init(service: any PreferencesService, principals: any PrincipalSource) {
        self.service = service
        self.principals = principals
    }

    public var name: String { "preferences" }

    public var commands: [Command] {
        [
            PrefsCommand.make(service: service, principals: principals),
            PrefsThemeCommand.make(service: service, principals: principals),
            PrefsFontSizeCommand.make(service: service, principals: principals),
            PrefsResetCommand.make(service: service, principals: principals),
        ]
    }
}
