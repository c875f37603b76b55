/// A bearer session from a Google or Apple sign-in: the grant and whether the sign-in created the account.
public struct ProviderSessionGrant: Sendable, Hashable {
    public var grant: SessionGrant
    /// A new account was made from the token (201 on the wire), rather than an existing one signed in (200).
    public var created: Bool

    /// Creates a provider grant.
    public init(grant: SessionGrant, created: Bool) {
        self.grant = grant
        self.created = created
    }
}
