import Accounts
import Foundation
import Households
import Identity
import IdentityTesting
import ProfileSession
import Testing

/// DOMAIN.md: while acting, the account's own actions are refused ("Not available while viewing as NAME.
/// Switch back first."), through the services with the manager's principal; after `switch me` they work.
@Suite("Account actions while acting")
struct ActingRefusalTests {
    enum Action: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case password, name, role, removeSavedAccount
        case householdCreate, householdRename, householdUse, householdLeave, householdJoin
        case memberAdd, memberRemove, guardianAdd, guardianRemove

        var testDescription: String { rawValue }
    }

    /// Dana (owner of Reyes, guardian of Max; also a parent in Erin's household), Erin (saved on the same device,
    /// a parent in Reyes, owner of two households), and the manager over Dana's process.
    struct Scene {
        let device = Device()
        let dana: DeviceProcess
        let manager: ProfileSessionManager
        let danaPrincipal: Principal
        let erinsTwo: Household

        init() async throws {
            let erinProcess = device.process()
            try await erinProcess.signUp("Erin")
            let erin = try await erinProcess.me()
            let erins = try await erinProcess.identity.createHousehold(erin, name: "Erins")
            erinsTwo = try await erinProcess.identity.createHousehold(erin, name: "Erins Two")
            dana = device.process()
            try await dana.signUp("Dana")
            danaPrincipal = try await dana.me()
            _ = try await dana.identity.joinHousehold(danaPrincipal, householdId: erins.id, role: .parent)
            let reyes = try await dana.identity.createHousehold(danaPrincipal, name: "Reyes")
            _ = try await dana.identity.addManagedMember(danaPrincipal, displayName: "Max", avatarKey: "")
            _ = try await erinProcess.identity.joinHousehold(erin, householdId: reyes.id, role: .parent)
            manager = dana.manager()
        }

        /// What some actions need beyond the common scene.
        func prepare(_ action: Action) async throws {
            if action == .guardianRemove {
                _ = try await dana.identity.addGuardian(danaPrincipal, member: "Max", email: email("Erin"))
            }
        }

        func perform(_ action: Action, as principal: Principal) async throws {
            switch action {
            case .password:
                try await dana.identity.changePassword(principal, current: password("Dana"), new: "another-password")
            case .name: _ = try await dana.identity.changeName(principal, firstName: "Dana", lastName: "Smith")
            case .role: _ = try await dana.identity.changeRole(principal, to: .parent)
            case .removeSavedAccount: try await dana.device.removeSavedAccount(email("Erin"), by: principal)
            case .householdCreate: _ = try await dana.identity.createHousehold(principal, name: "Second")
            case .householdRename: _ = try await dana.identity.renameHousehold(principal, name: "Renamed")
            // Reyes is active (made last): using Erins is a change to see.
            case .householdUse: _ = try await dana.identity.useHousehold(principal, "Erins")
            case .householdLeave: try await dana.identity.leaveHousehold(principal, "Erins")
            case .householdJoin:
                _ = try await dana.identity.joinHousehold(principal, householdId: erinsTwo.id, role: .parent)
            case .memberAdd: _ = try await dana.identity.addManagedMember(principal, displayName: "Leo", avatarKey: "")
            case .memberRemove: _ = try await dana.identity.removeMember(principal, "Max")
            case .guardianAdd: _ = try await dana.identity.addGuardian(principal, member: "Max", email: email("Erin"))
            case .guardianRemove:
                _ = try await dana.identity.removeGuardian(principal, member: "Max", email: email("Erin"))
            }
        }

        /// What the actions could change, to show a refusal changed nothing.
        func snapshot() async throws -> String {
            let account = try await dana.identity.account(danaPrincipal)
            let households = try await dana.identity.households(danaPrincipal)
            let active = try await dana.identity.activeHousehold(danaPrincipal)
            let saved = try await dana.device.savedAccounts().map(\.account.email)
            return "\(account) \(households) \(String(describing: active?.id)) \(saved)"
        }
    }

    @Test("refused while acting, works after switch me", arguments: Action.allCases)
    func refusedWhileActing(_ action: Action) async throws {
        let scene = try await Scene()
        try await scene.prepare(action)
        _ = try await scene.manager.switch(to: "Max")
        let acting = try #require(try await scene.manager.currentPrincipal())
        #expect(acting.actingAs?.displayName == "Max")
        let before = try await scene.snapshot()
        let message = await refusal { try await scene.perform(action, as: acting) }
        #expect(message == "Not available while viewing as Max. Switch back first.")
        #expect(try await scene.snapshot() == before)

        _ = try await scene.manager.switch(to: "me")
        let own = try #require(try await scene.manager.currentPrincipal())
        #expect(own.actingAs == nil)
        try await scene.perform(action, as: own)
        // The action took effect: what the refusal left unchanged has changed now.
        if action == .password {
            _ = try await scene.dana.identity.signIn(email: email("Dana"), password: "another-password")
            await #expect(throws: (any Error).self) {
                _ = try await scene.dana.identity.signIn(email: email("Dana"), password: password("Dana"))
            }
        } else {
            #expect(try await scene.snapshot() != before)
        }
    }

    @Test("reading the account and its households is allowed while acting")
    func readsAllowed() async throws {
        let scene = try await Scene()
        _ = try await scene.manager.switch(to: "Max")
        let acting = try #require(try await scene.manager.currentPrincipal())
        #expect(try await scene.dana.identity.account(acting).id == scene.danaPrincipal.accountId)
        #expect(try await scene.dana.identity.activeHousehold(acting)?.name == "Reyes")
        #expect(try await scene.dana.identity.households(acting).count == 2)
    }

    @Test("writes made while acting are recorded with actor and subject")
    func recorded() async throws {
        let scene = try await Scene()
        _ = try await scene.manager.switch(to: "Max")
        let acting = try #require(try await scene.manager.currentPrincipal())
        _ = try await scene.dana.identity.ask(acting, try ApprovalAsk(title: "Up"))
        let record = try #require(try await scene.dana.identity.actingRecords(acting).first)
        #expect(record.actorAccountId == scene.danaPrincipal.accountId)
        #expect(record.subjectDisplayName == "Max")
        _ = try await scene.manager.switch(to: "me")
        let own = try #require(try await scene.manager.currentPrincipal())
        // A write of the account's own (not acting) is not recorded.
        _ = try await scene.dana.identity.createHousehold(own, name: "Cabin")
        #expect(try await scene.dana.identity.actingRecords(own).map(\.action) == ["ask Up"])
    }
}
