/// The client label a new session records as where it was made, for the request being served.
///
/// A server serves many clients at once, so the label is the request's, not the service's: its middleware binds the
/// `X-Kith-Client` header (else User-Agent) around each request with `SessionLabel.$current.withValue`. A service
/// made for one client (`kith` on its own file: "kith on HOST") is given its label at creation
/// (`IdentityOptions.sessionLabel`), used when no request's label is bound.
public enum SessionLabel {
    /// The label of the request being served, when a server bound one.
    @TaskLocal public static var current: String?

    /// `kith`'s label on the machine named `host`: "kith on HOST".
    public static func kith(host: String) -> String { "kith on \(host)" }
}
