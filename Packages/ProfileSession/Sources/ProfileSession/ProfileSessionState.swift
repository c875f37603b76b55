/// The seed's state machine: the account itself (the default) or acting as one managed member.
public enum ProfileSessionState: Sendable, Hashable {
    /// Acting as oneself: no `actingAs` in the principal, no `X-Acting-As-Member` header.
    case authenticatedUser
    /// Acting as a managed member the account guards.
    case actingAsManagedMember(SwitchableProfile)
}
