/// Who is calling, for commands: the signed-in account and, once ProfileSession wraps it, whom it acts as.
///
/// Commands ask a source rather than the Identity service, so that acting as a managed member reaches
/// every feature's calls without each feature knowing about ProfileSession.
public protocol PrincipalSource: Sendable {
    /// The caller, or nil when nobody is signed in (or the session has ended).
    func currentPrincipal() async throws -> Principal?
}
