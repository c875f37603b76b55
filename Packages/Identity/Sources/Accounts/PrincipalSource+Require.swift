extension PrincipalSource {
    /// The caller, or the domain's "Not signed in. Use `login` or `signup` first." refusal.
    public func requirePrincipal() async throws -> Principal {
        guard let principal = try await currentPrincipal() else { throw IdentityError.notSignedIn }
        return principal
    }

    /// Refuses while the caller acts as a managed member ("Not available while viewing as NAME. Switch back
    /// first."): what a command that is the account's own checks before it asks for anything.
    public func requireAccountItself() async throws {
        try await currentPrincipal()?.requireActingAsSelf()
    }
}
