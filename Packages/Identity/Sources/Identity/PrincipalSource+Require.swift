extension PrincipalSource {
    /// The caller, or the domain's "Not signed in. Use `login` or `signup` first." refusal.
    public func requirePrincipal() async throws -> Principal {
        guard let principal = try await currentPrincipal() else { throw IdentityError.notSignedIn }
        return principal
    }
}
