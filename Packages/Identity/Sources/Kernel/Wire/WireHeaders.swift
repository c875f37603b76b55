/// The request headers of the contract that are not plain HTTP ones.
public enum WireHeaders {
    /// The managed member a request acts as (DOMAIN.md): its member id, absent when the caller acts as itself.
    ///
    /// The server reads it from here. Clients send it through Networking's `ActingAsMiddleware.headerName`, since
    /// Networking knows nothing of Identity; IdentityHTTP's tests keep the two equal.
    public static let actingAsMember = "X-Acting-As-Member"
}
