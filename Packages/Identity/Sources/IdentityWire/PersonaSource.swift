import Accounts

/// Where `whoami` and `/api/me` find the active persona: the Circles feature, when the product has it.
public protocol PersonaSource: Sendable {
    /// The principal's active persona, as `/api/me` shows it too; nil when it cannot be read (whoami then shows
    /// the primary).
    func persona(for principal: Principal) async -> MeJSON.PersonaJSON?
    /// The photo of the principal's primary profile, which saved accounts carry; nil without one.
    func primaryPhoto(for principal: Principal) async -> String?
    /// The account's stats row (contacts and circles counts); nil when it cannot be read.
    func stats(for principal: Principal) async -> ProfileStatsJSON?
}

extension PersonaSource {
    /// No stats row unless the source reads one.
    public func stats(for principal: Principal) async -> ProfileStatsJSON? { nil }
}
