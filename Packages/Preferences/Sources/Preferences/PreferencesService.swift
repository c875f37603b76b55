import Accounts

/// What commands and routes call: the preferences of the member the principal is (or acts as).
///
/// The subject is always `principal.subjectMemberId`: the account itself, or, while acting, the managed
/// member, which the account must guard. Nobody reads or writes another member's preferences.
public protocol PreferencesService: Sendable {
    /// The subject's preferences (defaults for anything not stored or unreadable).
    func preferences(_ principal: Principal) async throws -> MemberPreferences
    /// Sets the subject's theme.
    func setTheme(_ principal: Principal, _ theme: ThemePreference) async throws -> MemberPreferences
    /// Sets the subject's font size.
    func setFontSize(_ principal: Principal, _ size: FontSize) async throws -> MemberPreferences
    /// Puts every preference of the subject back to its default.
    func reset(_ principal: Principal) async throws -> MemberPreferences
}
