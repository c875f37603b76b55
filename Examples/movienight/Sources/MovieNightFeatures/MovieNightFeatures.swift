import Accounts
import IdentitySQL
import KithComposition
import Preferences
import Votes
import VotesSQL

// Movie night's own parts of its composition, made exactly as Kith's features are.

extension Feature {
    /// Thumbs and ratings of films by each member of the active household. Provides `any VoteService`.
    public static let votes = Feature(
        name: "votes", migrations: VotesMigrations.all, accountData: .votes, events: VotesEvents.all,
        local: { context, services in
            services.provide(
                LocalVoteService(
                    store: SQLStore(votesOn: context.database), clock: context.options.clock,
                    random: context.options.random),
                as: (any VoteService).self)
        })

    /// Movie night's theme rule in place of Kith's: listed after `.preferences`, it provides its own
    /// `any PreferencesService` over Kith's, so every command and route of Preferences runs it. Nothing in Kith
    /// changes for it.
    public static let darkByDefault = Feature(
        name: "darkByDefault",
        local: { _, services in try DarkByDefaultPreferences.swap(into: &services) })
}

/// Preferences where a theme nobody chose is dark: films are watched with the lights off, so movie night's screens
/// start dark. A member who picks `light` gets light; `system` (or never choosing) reads as `dark`. Everything else
/// is Kith's service as it is.
public struct DarkByDefaultPreferences: PreferencesService {
    private let base: any PreferencesService

    /// Puts movie night's rule in place of the `any PreferencesService` a feature before it provided (Kith's, local or
    /// over HTTP): the one swap, made the same way here and with `--remote`.
    public static func swap(into services: inout FeatureServices) throws {
        let kith = try services.require((any PreferencesService).self, by: "darkByDefault")
        services.provide(DarkByDefaultPreferences(base: kith), as: (any PreferencesService).self)
    }

    /// Movie night's rule over `base` (Kith's service, local or over HTTP).
    public init(base: any PreferencesService) {
        self.base = base
    }

    public func preferences(_ principal: Principal) async throws -> MemberPreferences {
        Self.dark(try await base.preferences(principal))
    }

    public func setTheme(_ principal: Principal, _ theme: ThemePreference) async throws -> MemberPreferences {
        Self.dark(try await base.setTheme(principal, theme))
    }

    public func setFontSize(_ principal: Principal, _ size: FontSize) async throws -> MemberPreferences {
        Self.dark(try await base.setFontSize(principal, size))
    }

    public func reset(_ principal: Principal) async throws -> MemberPreferences {
        Self.dark(try await base.reset(principal))
    }

    static func dark(_ preferences: MemberPreferences) -> MemberPreferences {
        var preferences = preferences
        if preferences.theme == .system { preferences.theme = .dark }
        return preferences
    }
}
