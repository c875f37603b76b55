import Accounts
import Foundation
import IdentityTesting
import ProfileSession
import Testing

/// The seed's states: one profile, several, switching, the active member removed mid-session.
@Suite("Profile session states")
struct ProfileSessionStateTests {
    /// Dana (owner of Reyes, guardian of Max then Leo) in her own process, with a manager over it.
    struct Dana {
        let device = Device()
        let identity: DeviceProcess
        let manager: ProfileSessionManager
        let principal: Principal

        init(members: [String] = ["Max", "Leo"]) async throws {
            identity = device.process()
            try await identity.signUp("Dana")
            principal = try await identity.me()
            _ = try await identity.identity.createHousehold(principal, name: "Reyes")
            for name in members {
                _ = try await identity.identity.addManagedMember(principal, displayName: name, avatarKey: "")
            }
            manager = identity.manager()
        }
    }

    @Test("before anything is loaded: the account itself, acting as nobody")
    func initial() async throws {
        let dana = try await Dana()
        #expect(await dana.manager.state == .authenticatedUser)
        #expect(await dana.manager.activeProfile == .placeholder)
        #expect(await dana.manager.actingAsMemberId == nil)
        let principal = try #require(try await dana.manager.currentPrincipal())
        #expect(principal == dana.principal)
        #expect(principal.actingAs == nil)
    }

    @Test("one profile: only the account, labelled You")
    func single() async throws {
        let device = Device()
        let identity = device.process()
        let account = try await identity.signUp("Dana")
        let manager = identity.manager()
        let profiles = try await manager.refresh()
        #expect(profiles.map(\.memberId) == [account.id])
        #expect(profiles[0].typeLabel == "You" && !profiles[0].isManaged && profiles[0].displayName == "Dana Tester")
        #expect(profiles[0].monogram == "D")
        #expect(await manager.managedProfiles.isEmpty)
        #expect(await manager.activeProfile == profiles[0])
        #expect(await manager.householdName == nil)
        // A household without managed members is still one profile.
        _ = try await identity.identity.createHousehold(try await identity.me(), name: "Reyes")
        #expect(try await manager.refresh().count == 1)
        #expect(await manager.householdName == "Reyes")
    }

    @Test("several profiles: the account first, then managed members in creation order")
    func several() async throws {
        let dana = try await Dana(members: ["Max", "Leo", "Ana"])
        let profiles = try await dana.manager.refresh()
        #expect(profiles.map(\.displayName) == ["Dana Tester", "Max", "Leo", "Ana"])
        #expect(profiles.map(\.typeLabel) == ["You", "Family Member", "Family Member", "Family Member"])
        #expect(profiles.dropFirst().allSatisfy { $0.isManaged && $0.memberId.hasPrefix("managed_") })
        #expect(profiles.dropFirst().allSatisfy { $0.guardians == [dana.principal.accountId] })
        #expect(await dana.manager.managedProfiles == Array(profiles.dropFirst()))
        #expect(await dana.manager.activeProfile == profiles[0])
    }

    @Test("switching: to a member, to another (never nested), and back")
    func switching() async throws {
        let dana = try await Dana()
        let manager = dana.manager
        let max = try await manager.switch(to: "max")
        #expect(max.displayName == "Max" && max.isManaged)
        #expect(await manager.state == .actingAsManagedMember(max))
        #expect(await manager.isActingAsManaged)
        #expect(await manager.actingAsMemberId == max.memberId)
        #expect(await manager.activeProfile == max)
        var principal = try #require(try await manager.currentPrincipal())
        #expect(principal.accountId == dana.principal.accountId)
        #expect(principal.sessionId == dana.principal.sessionId)
        #expect(principal.actingAs == ActingAs(memberId: max.memberId, displayName: "Max"))
        #expect(principal.subjectMemberId == max.memberId)

        // Straight to Leo, by id: the account is still the actor, Leo replaces Max.
        let leoId = try #require(await manager.managedProfiles.last?.memberId)
        let leo = try await manager.switch(to: leoId)
        #expect(leo.displayName == "Leo")
        principal = try #require(try await manager.currentPrincipal())
        #expect(principal.accountId == dana.principal.accountId)
        #expect(principal.actingAs == ActingAs(memberId: leoId, displayName: "Leo"))

        let me = try await manager.switch(to: "me")
        #expect(me.memberId == dana.principal.accountId && !me.isManaged)
        #expect(await manager.state == .authenticatedUser)
        #expect(await manager.actingAsMemberId == nil)
        #expect(try await manager.currentPrincipal()?.actingAs == nil)

        // The account's own id or name is the account too.
        _ = try await manager.switch(to: "Max")
        #expect(try await manager.switch(to: dana.principal.accountId).isManaged == false)
        _ = try await manager.switch(to: "Max")
        #expect(try await manager.switch(to: "dana tester").isManaged == false)
        #expect(await manager.isActingAsManaged == false)
        _ = try await manager.switch(to: "Max")
        await manager.resetToAuthenticatedUser()
        #expect(await manager.isActingAsManaged == false)
    }

    @Test("a refused switch leaves the acting as it was")
    func refusedSwitch() async throws {
        let dana = try await Dana()
        let max = try await dana.manager.switch(to: "Max")
        #expect(await refusal { try await dana.manager.switch(to: "Nobody") } == notAvailable)
        #expect(await refusal { try await dana.manager.switch(to: "primary") } == notAvailable)
        #expect(await dana.manager.activeProfile == max)
    }

    @Test("the active member removed mid-session: silent fall-back on refresh")
    func removedMidSession() async throws {
        let dana = try await Dana()
        _ = try await dana.manager.switch(to: "Max")
        // Another process of the same account removes Max.
        let other = dana.device.process()
        _ = try await other.identity.removeMember(try await other.me(), "Max")
        // Nothing has been refreshed yet: still acting.
        #expect(await dana.manager.actingAsMemberId != nil)
        let profiles = try await dana.manager.refresh()
        #expect(profiles.map(\.displayName) == ["Dana Tester", "Leo"])
        #expect(await dana.manager.state == .authenticatedUser)
        #expect(try await dana.manager.currentPrincipal()?.actingAs == nil)
        #expect(await refusal { try await dana.manager.switch(to: "Max") } == notAvailable)
    }

    @Test("guardianship taken away mid-session: silent fall-back on refresh")
    func guardianshipChanged() async throws {
        let dana = try await Dana()
        let erinProcess = dana.device.process()
        try await erinProcess.signUp("Erin")
        let erin = try await erinProcess.me()
        let household = try #require(try await dana.identity.identity.activeHousehold(dana.principal))
        _ = try await erinProcess.identity.joinHousehold(erin, householdId: household.id, role: .parent)
        _ = try await dana.identity.identity.addGuardian(dana.principal, member: "Max", email: email("Erin"))
        _ = try await dana.manager.switch(to: "Max")
        _ = try await erinProcess.identity.removeGuardian(erin, member: "Max", email: email("Dana"))
        #expect(try await dana.manager.refresh().map(\.displayName) == ["Dana Tester", "Leo"])
        #expect(await dana.manager.isActingAsManaged == false)
        // Erin, now Max's only guardian, can act as Max.
        let erinManager = erinProcess.manager()
        #expect(try await erinManager.switch(to: "Max").isManaged)
    }

    @Test("the seed's updateProfiles: falls back when the active member is missing, keeps it otherwise")
    func updateProfiles() async throws {
        let dana = try await Dana()
        let max = try await dana.manager.switch(to: "Max")
        let own = await dana.manager.authenticatedUser
        var renamed = max
        renamed.displayName = "Maximilian"
        await dana.manager.updateProfiles(authenticatedUser: own, managedMembers: [renamed])
        #expect(await dana.manager.activeProfile == renamed)
        await dana.manager.updateProfiles(authenticatedUser: own, managedMembers: [])
        #expect(await dana.manager.activeProfile == own)
        #expect(await dana.manager.availableProfiles == [own])
    }

    @Test("acting never survives an account switch")
    func accountSwitch() async throws {
        let dana = try await Dana()
        try await dana.device.process().signUp("Erin")  // saved on the device, with a live session
        _ = try await dana.manager.switch(to: "Max")
        let switched = try await dana.identity.device.switchAccount(to: email("Erin"), password: nil)
        guard case .switched = switched else {
            Issue.record("expected a silent switch, got \(switched)")
            return
        }
        let erin = try #require(try await dana.manager.currentPrincipal())
        #expect(erin.accountId != dana.principal.accountId)
        #expect(erin.actingAs == nil)
        #expect(await dana.manager.isActingAsManaged == false)
        #expect(await ProfileSessionPrompt.suffix(manager: dana.manager) == nil)
        // Erin cannot reach Dana's Max, and back on Dana the run starts as herself.
        #expect(await refusal { try await dana.manager.switch(to: "Max") } == notAvailable)
        _ = try await dana.identity.device.switchAccount(to: email("Dana"), password: nil)
        #expect(try await dana.manager.currentPrincipal()?.actingAs == nil)
        #expect(try await dana.manager.currentPrincipal()?.accountId == dana.principal.accountId)
    }

    @Test("an account switch noticed by refresh also ends the acting")
    func accountSwitchThenRefresh() async throws {
        let dana = try await Dana()
        try await dana.device.process().signUp("Erin")
        _ = try await dana.manager.switch(to: "Max")
        _ = try await dana.identity.device.switchAccount(to: email("Erin"), password: nil)
        let profiles = try await dana.manager.refresh()
        #expect(profiles.map(\.displayName) == ["Erin Tester"])
        #expect(await dana.manager.isActingAsManaged == false)
    }

    @Test("logging out ends the acting")
    func logout() async throws {
        let dana = try await Dana()
        _ = try await dana.manager.switch(to: "Max")
        try await dana.identity.device.logOut()
        #expect(try await dana.manager.currentPrincipal() == nil)
        #expect(await dana.manager.isActingAsManaged == false)
        #expect(await refusal { try await dana.manager.switch(to: "Max") } == IdentityError.notSignedIn.description)
        #expect(await refusal { try await dana.manager.refresh() } == IdentityError.notSignedIn.description)
    }

    @Test("the prompt suffix shows whom the account acts as")
    func prompt() async throws {
        let dana = try await Dana()
        #expect(await ProfileSessionPrompt.suffix(manager: dana.manager) == nil)
        _ = try await dana.manager.switch(to: "Max")
        #expect(await ProfileSessionPrompt.suffix(manager: dana.manager) == "(as Max)")
        _ = try await dana.manager.switch(to: "me")
        #expect(await ProfileSessionPrompt.suffix(manager: dana.manager) == nil)
    }

    @Test("a name two switchable members share is ambiguous, listing both ids")
    func ambiguous() async throws {
        let dana = try await Dana(members: ["Max", "max"])
        let message = try #require(await refusal { try await dana.manager.switch(to: "MAX") })
        #expect(message.hasPrefix("MAX is ambiguous:"))
        let refreshed = try await dana.manager.refresh().dropFirst().map(\.memberId)
        #expect(refreshed.allSatisfy { message.contains($0) })
        #expect(try await dana.manager.switch(to: refreshed[1]).displayName == "max")
    }

    @Test("each new manager starts as the account itself")
    func inMemoryOnly() async throws {
        let dana = try await Dana()
        _ = try await dana.manager.switch(to: "Max")
        let next = dana.device.process().manager()
        #expect(try await next.currentPrincipal()?.actingAs == nil)
    }
}
