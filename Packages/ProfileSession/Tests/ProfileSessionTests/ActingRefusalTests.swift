import Foundation
import Identity
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
        let dana: LocalIdentityService
        let manager: ProfileSessionManager
        let danaPrincipal: Principal
        let erinsTwo: Household

        init() async throws {
            let erinProcess = device.process()
            try await erinProcess.signUp("Erin")
            let erin = try await erinProcess.me()
            let erins = try await erinProcess.createHousehold(erin, name: "Erins")
            erinsTwo = try await erinProcess.createHousehold(erin, name: "Erins Two")
            dana = device.process()
            try await dana.signUp("Dana")
            danaPrincipal = try await dana.me()
            _ = try await dana.joinHousehold(danaPrincipal, householdId: erins.id, role: .parent)
            let reyes = try await dana.createHousehold(danaPrincipal, name: "Reyes")
            _ = try await dana.addManagedMember(danaPrincipal, displayName: "Max", avatarKey: "")
            _ = try await erinProcess.joinHousehold(erin, householdId: reyes.id, role: .parent)
            manager = ProfileSessionManager(identity: dana)
        }

        /// What some actions need beyond the common scene.
        func prepare(_ action: Action) async throws {
            if action == .guardianRemove {
                _ = try await dana.addGuardian(danaPrincipal, member: "Max", email: email("Erin"))
            }
        }

        func perform(_ action: Action, as principal: Principal) async throws {
            switch action {
            case .password:
                try await dana.changePassword(principal, current: password("Dana"), new: "another-password")
            case .name: _ = try await dana.changeName(principal, firstName: "Dana", lastName: "Smith")
            case .role: _ = try await dana.changeRole(principal, to: .parent)
            case .removeSavedAccount: try await dana.removeSavedAccount(email("Erin"), by: principal)
            case .householdCreate: _ = try await dana.createHousehold(principal, name: "Second")
            case .householdRename: _ = try await dana.renameHousehold(principal, name: "Renamed")
            // Reyes is active (made last): using Erins is a change to see.
            case .householdUse: _ = try await dana.useHousehold(principal, "Erins")
            case .householdLeave: try await dana.leaveHousehold(principal, "Erins")
            case .householdJoin:
                _ = try await dana.joinHousehold(principal, householdId: erinsTwo.id, role: .parent)
            case .memberAdd: _ = try await dana.addManagedMember(principal, displayName: "Leo", avatarKey: "")
            case .memberRemove: _ = try await dana.removeMember(principal, "Max")
            case .guardianAdd: _ = try await dana.addGuardian(principal, member: "Max", email: email("Erin"))
            case .guardianRemove: _ = try await dana.removeGuardian(principal, member: "Max", email: email("Erin"))
            }
        }

        /// What the actions could change, to show a refusal changed nothing.
        func snapshot() async throws -> String {
            let account = try await dana.account(danaPrincipal)
            let households = try await dana.households(danaPrincipal)
            let active = try await dana.activeHousehold(danaPrincipal)
            let saved = try await dana.savedAccounts().map(\.account.email)
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
            _ = try await scene.dana.signIn(email: email("Dana"), password: "another-password")
            await #expect(throws: (any Error).self) {
                _ = try await scene.dana.signIn(email: email("Dana"), password: password("Dana"))
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
        #expect(try await scene.dana.account(acting).id == scene.danaPrincipal.accountId)
        #expect(try await scene.dana.activeHousehold(acting)?.name == "Reyes")
        #expect(try await scene.dana.households(acting).count == 2)
    }

    @Test("writes made while acting are recorded with actor and subject")
    func recorded() async throws {
        let scene = try await Scene()
        _ = try await scene.manager.switch(to: "Max")
        let acting = try #require(try await scene.manager.currentPrincipal())
        let record = try #require(try await scene.dana.recordActing(acting, action: "vote for Up"))
        #expect(record.actorAccountId == scene.danaPrincipal.accountId)
        #expect(record.subjectDisplayName == "Max")
        _ = try await scene.manager.switch(to: "me")
        let own = try #require(try await scene.manager.currentPrincipal())
        #expect(try await scene.dana.recordActing(own, action: "vote for Cars") == nil)
        #expect(try await scene.dana.actingRecords(own).map(\.action) == ["vote for Up"])
    }
}
