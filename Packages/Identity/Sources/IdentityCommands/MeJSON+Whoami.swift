import Identity
import IdentityWire

extension MeJSON {
    /// `whoami --json` (also `signup`, `login`, `name`, `role`): `account` as `principal` sees it, with the persona
    /// `personas` reads; the primary profile without Circles or when it cannot be read.
    static func whoami(_ account: Account, principal: Principal?, personas: (any PersonaSource)?) async -> MeJSON {
        var persona: PersonaJSON?
        if let principal, let shown = await personas?.persona(for: principal) {
            persona = PersonaJSON(profileId: shown.profileId, displayName: shown.displayName, type: shown.type)
        }
        return MeJSON(account, principal: principal, persona: persona)
    }
}
