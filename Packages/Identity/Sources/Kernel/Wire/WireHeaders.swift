/// The request headers of the contract that are not plain HTTP ones.
public enum WireHeaders {
    /// The managed member a request acts as (DOMAIN.md): its member id, absent when the caller acts as itself.
    ///
    /// The server reads it from here. Clients send it through Networking's `ActingAsMiddleware.headerName`, since
    /// Networking knows nothing of Identity; IdentityHTTP's tests keep the two equal.
    public static let actingAsMember = "X-Acting-As-Member"

    /// The client's label ("kith on HOST"), which a session made by the request records as where it was made; a
    /// server falls back to `User-Agent` without it. Clients send it on every request (Networking's
    /// `HeaderMiddleware`).
    public static let client = "X-Kith-Client"
}
