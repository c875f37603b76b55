import Accounts
import Synchronization

/// A principal source the test sets by hand, as commands' tests switch the caller (the apps use ProfileSession's
/// manager).
public final class TestPrincipals: PrincipalSource {
    private let principal: Mutex<Principal?>

    /// Starts with `principal` as the caller (nil: signed out).
    public init(_ principal: Principal? = nil) {
        self.principal = Mutex(principal)
    }

    /// Makes `value` the caller (nil: signed out).
    public func set(_ value: Principal?) { principal.withLock { $0 = value } }

    public func currentPrincipal() async throws -> Principal? { principal.withLock { $0 } }
}
