import Identity

/// `whoami --json` (also `signup`, `login`, `name`, `role`): the account, who it acts as, and its persona.
struct WhoamiJSON: Encodable, Sendable {
    /// The persona presented: the primary profile until Circles gives the principal a shadow.
    struct Persona: Encodable, Sendable {
        let profileId: String
        let displayName: String
        let type: String
    }

    /// The managed member acted for.
    struct ActingAsJSON: Encodable, Sendable {
        let memberId: String
        let displayName: String
    }

    let accountId: String
    let email: String
    let firstName: String
    let lastName: String
    let role: String
    let actingAs: ActingAsJSON?
    let persona: Persona

    init(account: Account, principal: Principal?, personas: (any PersonaSource)?) async {
        accountId = account.id
        email = account.email
        firstName = account.firstName
        lastName = account.lastName
        role = account.role.rawValue
        actingAs = principal?.actingAs.map { ActingAsJSON(memberId: $0.memberId, displayName: $0.displayName) }
        if let principal, let shown = await personas?.persona(for: principal) {
            persona = Persona(profileId: shown.profileId, displayName: shown.displayName, type: shown.type)
        } else {
            // Without a persona source (a product without Circles) the persona is the primary profile.
            persona = Persona(
                profileId: principal?.personaProfileId ?? account.id, displayName: account.displayName,
                type: "primary")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case accountId, email, firstName, lastName, role, actingAs, persona
    }

    /// Written by hand so `actingAs` is an explicit `null` rather than a missing key.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accountId, forKey: .accountId)
        try container.encode(email, forKey: .email)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(role, forKey: .role)
        if let actingAs {
            try container.encode(actingAs, forKey: .actingAs)
        } else {
            try container.encodeNil(forKey: .actingAs)
        }
        try container.encode(persona, forKey: .persona)
    }
}
