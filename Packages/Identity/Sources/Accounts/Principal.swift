/// The caller of every service call: the signed-in account, the member it acts as, its active persona.
///
/// Commands build it from the local session; HTTP routes from the bearer token and `X-Acting-As-Member`.
public struct Principal: Sendable, Codable, Hashable {
    /// The account that is signed in: always the actor.
    public var accountId: String
    /// The session the account is signed in with, when known (so `changePassword` can keep it).
    public var sessionId: String?
    /// The managed member acted for, or nil when acting as oneself.
    public var actingAs: ActingAs?
    /// The persona (Circles profile) presented; nil means the primary profile.
    public var personaProfileId: String?
    /// Set by whoever wants to know whether a call found `sessionId` live (see `SessionCheck`); not part of the
    /// principal's identity: neither encoded nor compared.
    public var sessionCheck: SessionCheck?
    /// The server's policy (`--require-verified-email`), set where the principal is made: every call but the few
    /// an unverified account may make refuses it until its email is verified. Not part of the principal's identity.
    public var requiresVerifiedEmail = false

    /// Creates a principal.
    public init(accountId: String, sessionId: String? = nil, actingAs: ActingAs? = nil, personaProfileId: String? = nil)
    {
        self.accountId = accountId
        self.sessionId = sessionId
        self.actingAs = actingAs
        self.personaProfileId = personaProfileId
    }

    private enum CodingKeys: String, CodingKey {
        case accountId, sessionId, actingAs, personaProfileId
    }

    public static func == (lhs: Principal, rhs: Principal) -> Bool {
        lhs.accountId == rhs.accountId && lhs.sessionId == rhs.sessionId && lhs.actingAs == rhs.actingAs
            && lhs.personaProfileId == rhs.personaProfileId
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(accountId)
        hasher.combine(sessionId)
        hasher.combine(actingAs)
        hasher.combine(personaProfileId)
    }

    /// The member the caller's writes are about: the member acted as, else the account itself.
    public var subjectMemberId: String { actingAs?.memberId ?? accountId }

    /// Throws "Not available while viewing as NAME. Switch back first." when acting as someone.
    public func requireActingAsSelf() throws(IdentityError) {
        if let actingAs { throw IdentityError.notWhileActing(actingAs.displayName) }
    }
}
