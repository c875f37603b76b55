import Accounts

extension MeJSON {
    /// `whoami --json` (also `signup`, `login`, `name`, `role`) and `/api/me`: `account` as `principal` sees it, with the persona
    /// `personas` reads, and the primary profile's photo; the primary profile without Circles or when it cannot be
    /// read.
    public static func whoami(_ account: Account, principal: Principal?, personas: (any PersonaSource)?) async -> MeJSON
    {
        guard let principal, let personas else { return MeJSON(account, principal: principal) }
        return MeJSON(
            account, principal: principal, persona: await personas.persona(for: principal),
            photoURL: await personas.primaryPhoto(for: principal))
    }
}
