import Accounts

/// The exit PINs of managed members (DOMAIN.md's Family safety): server state, shared by every process and
/// server on one store. The local service decides over its store; the HTTP client asks a server, which decides.
public protocol ExitPinService: Sendable {
    /// The managed member `reference` names in the active household, when the principal's account guards it, and
    /// whether it has a PIN. Refused while acting, so a command asks nothing before refusing.
    func exitPinStatus(_ principal: Principal, member reference: String) async throws -> ExitPinStatus
    /// Sets (or replaces) the member's PIN, after checking the guardian's password; earlier wrong PINs are forgotten.
    func setExitPin(_ principal: Principal, member reference: String, password: String, pin: String) async throws
        -> Member
    /// Removes the member's PIN, after checking the guardian's password.
    func clearExitPin(_ principal: Principal, member reference: String, password: String) async throws -> Member
    /// Checks a PIN for leaving the managed member `reference` names (the principal, a guardian, may be acting as
    /// it): nothing when it is right; "Wrong PIN", or "Too many wrong PINs..." once the limit blocks leaving; "NAME
    /// has no exit PIN" when none is set, so a check that finds nothing to check never passes.
    func verifyExitPin(_ principal: Principal, member reference: String, pin: String) async throws
}
