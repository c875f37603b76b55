import Accounts
import Households
import Kernel

// MARK: - Exit PINs

extension LocalIdentityService: ExitPinService {
    /// The households part's exit PINs over this service's store; a guardian's password is checked by this service's
    /// own rule (`verify`), so an exit PIN's password check times like a sign-in's.
    var exitPinRules: LocalExitPinService {
        LocalExitPinService(
            store: NarrowedStore(store) { $0 }, clock: clock, hasher: hasher,
            verifyPassword: { [self] password, candidate in try await verify(password, against: candidate) })
    }

    public func exitPinStatus(_ principal: Principal, member reference: String) async throws -> ExitPinStatus {
        try await exitPinRules.exitPinStatus(principal, member: reference)
    }

    public func setExitPin(
        _ principal: Principal, member reference: String, password: String, pin: String
    ) async throws -> Member {
        try await exitPinRules.setExitPin(principal, member: reference, password: password, pin: pin)
    }

    public func clearExitPin(_ principal: Principal, member reference: String, password: String) async throws -> Member
    {
        try await exitPinRules.clearExitPin(principal, member: reference, password: password)
    }

    public func verifyExitPin(_ principal: Principal, member reference: String, pin: String) async throws {
        try await exitPinRules.verifyExitPin(principal, member: reference, pin: pin)
    }
}
