import Accounts
import Device
import IdentityWire
import Networking
import TwoStep

// MARK: - Two-step sign-in, through the server

extension HTTPIdentityService {
    /// The server counts the code against the address it sees; `clientAddress` is not sent.
    public func completeSignIn(challenge: String, code: String, clientAddress: String?) async throws -> SessionGrant {
        let session: SessionJSON = try await send(
            IdentityRoute.secondFactor, token: nil, body: SecondFactorBody(challenge: challenge, code: code))
        return session.grant
    }

    public func deviceCompleteSignIn(challenge: String, code: String) async throws -> DeviceSignIn {
        Self.signedIn(
            try await send(
                IdentityRoute.secondFactor, token: nil, body: SecondFactorBody(challenge: challenge, code: code)))
    }

    public func twoStepStatus(_ principal: Principal) async throws -> TwoStepStatus {
        let status: TwoStepStatusJSON = try await requests.send(IdentityRoute.twoStepStatus, as: principal)
        return status.status
    }

    public func beginTwoStep(_ principal: Principal, password: String) async throws -> TwoStepSetup {
        try principal.requireActingAsSelf()
        let answer: TwoStepJSON = try await requests.send(
            IdentityRoute.enableTwoStep, as: principal, body: TwoStepBody(password: password))
        guard let setup = answer.setup else { throw IdentityError.twoStepNotBegun }
        return setup
    }

    public func confirmTwoStep(_ principal: Principal, code: String) async throws -> [String] {
        try principal.requireActingAsSelf()
        let answer: TwoStepJSON = try await requests.send(
            IdentityRoute.enableTwoStep, as: principal, body: TwoStepBody(code: code))
        return answer.recoveryCodes ?? []
    }

    public func disableTwoStep(_ principal: Principal, password: String, code: String) async throws {
        try principal.requireActingAsSelf()
        let _: NoContent = try await requests.send(
            IdentityRoute.disableTwoStep, as: principal, body: TwoStepBody(password: password, code: code))
    }

    public func newRecoveryCodes(_ principal: Principal, password: String) async throws -> [String] {
        try principal.requireActingAsSelf()
        let answer: TwoStepJSON = try await requests.send(
            IdentityRoute.newRecoveryCodes, as: principal, body: TwoStepBody(password: password))
        return answer.recoveryCodes ?? []
    }
}
