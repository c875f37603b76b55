import Accounts
import Households
import IdentityWire
import Networking

// MARK: - Exit PINs

/// The server decides who may and checks the PIN, keeping the wrong-PIN limit in its database.
extension HTTPIdentityService: ExitPinService {
    public func exitPinStatus(_ principal: Principal, member reference: String) async throws -> ExitPinStatus {
        try principal.requireActingAsSelf()
        let status: ExitPinStatusJSON = try await requests.send(IdentityRoute.exitPin, reference, as: principal)
        return status.status
    }

    public func setExitPin(
        _ principal: Principal, member reference: String, password: String, pin: String
    ) async throws -> Member {
        try principal.requireActingAsSelf()
        let member: MemberJSON = try await requests.send(
            IdentityRoute.setExitPin, reference, as: principal, body: ExitPinSetBody(password: password, pin: pin))
        return member.member
    }

    public func clearExitPin(_ principal: Principal, member reference: String, password: String) async throws -> Member
    {
        try principal.requireActingAsSelf()
        let member: MemberJSON = try await requests.send(
            IdentityRoute.clearExitPin, reference, as: principal, body: ExitPinClearBody(password: password))
        return member.member
    }

    public func verifyExitPin(_ principal: Principal, member reference: String, pin: String) async throws {
        let _: NoContent = try await requests.send(
            IdentityRoute.verifyExitPin, reference, as: principal, body: ExitPinVerifyBody(pin: pin))
    }
}
