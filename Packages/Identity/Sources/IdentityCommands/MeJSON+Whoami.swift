import Identity
import IdentityWire

extension MeJSON {
    /// `whoami --json` (also `signup`, `login`, `name`, `role`): `account` as `principal` sees it, with the persona
    /// `personas` reads; the primary profile without Circles or when it cannot be read.
    static func whoami(_ account: Account, principal: Principal?, personas: (any PersonaSource)?) async -> MeJSON {
        let persona = if let principal { await personas?.persona(for: principal) } else { PersonaJSON?.none }
        return MeJSON(account, principal: principal, persona: persona)
    }
}
