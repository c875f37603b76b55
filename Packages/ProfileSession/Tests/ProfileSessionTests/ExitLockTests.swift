import Accounts
import Argon2
import Device
import Foundation
import IdentityTesting
import ProfileSession
import Testing

/// DOMAIN.md's exit lock: acting as a member with a PIN holds the device as that member, across runs, until the PIN.
@Suite("Exit lock")
struct ExitLockTests {
    /// A device where Dana guards Max (PIN 2468) and Leo (no PIN), and Eve is also saved and signed in.
    struct LockedDevice {
        let device = Device()
        let dana: Principal

        init() async throws {
            let setup = device.process()
            try await setup.signUp("Eve")
            try await setup.signUp("Dana")
            dana = try await setup.me()
            _ = try await setup.identity.createHousehold(dana, name: "Reyes")
            _ = try await setup.identity.addManagedMember(dana, displayName: "Max", avatarKey: "")
            _ = try await setup.identity.addManagedMember(dana, displayName: "Leo", avatarKey: "")
            _ = try await setup.identity.setExitPin(dana, member: "Max", password: password("Dana"), pin: "2468")
        }

        /// A new run of `kith` on this device: its own Identity service and `ThisDevice` over the same stores.
        func process() -> DeviceProcess { device.process() }

        /// A new run and its manager, with the device's exit lock.
        func run() -> (identity: DeviceProcess, manager: ProfileSessionManager) {
            let process = process()
            return (process, process.manager(exitLock: ExitLock(pins: process.identity, device: device.deviceStore)))
        }
    }

    @Test("switching to a member with a PIN locks the device; one without does not")
    func switchingLocks() async throws {
        let device = try await LockedDevice()
        let run = device.run()
        try await run.manager.switch(to: "Leo")
        #expect(await device.device.deviceStore.load().exitLock == nil)
        try await run.manager.switch(to: "Max")
        let lock = try #require(await device.device.deviceStore.load().exitLock)
        #expect(lock.accountId == device.dana.accountId)
        #expect(lock.displayName == "Max")
    }

    @Test("leaving needs the PIN: none or a wrong one changes nothing, the right one leaves")
    func leavingNeedsThePin() async throws {
        let device = try await LockedDevice()
        let run = device.run()
        try await run.manager.switch(to: "Max")
        for target in ["me", "Leo", "Dana Tester"] {
            #expect(
                await refusal { _ = try await run.manager.switch(to: target) }
                    == IdentityError.exitLocked("Max").description)
            #expect(await refusal { _ = try await run.manager.switch(to: target, pin: "1111") } == "Wrong PIN")
            #expect(await run.manager.actingAsMemberId != nil)
            #expect(try await run.manager.currentPrincipal()?.actingAs?.displayName == "Max")
            #expect(await device.device.deviceStore.load().exitLock != nil)
        }
        // Switching to the locked member itself is no way out, and needs nothing.
        try await run.manager.switch(to: "Max")
        try await run.manager.switch(to: "me", pin: "2468")
        #expect(await run.manager.actingAsMemberId == nil)
        #expect(await device.device.deviceStore.load().exitLock == nil)
        #expect(try await run.manager.currentPrincipal()?.actingAs == nil)
    }

    @Test("a new run starts as the locked member until the PIN is given")
    func persistsAcrossRuns() async throws {
        let device = try await LockedDevice()
        try await device.run().manager.switch(to: "Max")
        let next = device.run()
        let principal = try #require(try await next.manager.currentPrincipal())
        #expect(principal.actingAs?.displayName == "Max")
        #expect(await next.manager.activeProfile.displayName == "Max")
        #expect(
            await refusal { _ = try await next.manager.switch(to: "me") } == IdentityError.exitLocked("Max").description
        )
        try await next.manager.switch(to: "me", pin: "2468")
        let third = device.run()
        #expect(try await third.manager.currentPrincipal()?.actingAs == nil)
    }

    @Test("the ways out to another account are refused while locked, and change nothing")
    func accountWaysOutAreRefused() async throws {
        let device = try await LockedDevice()
        let run = device.run()
        try await run.manager.switch(to: "Max")
        let locked = IdentityError.exitLocked("Max")
        #expect(await identityError { try await run.identity.device.logOut() } == locked)
        #expect(
            await identityError { _ = try await run.identity.device.switchAccount(to: email("Eve"), password: nil) }
                == locked)
        #expect(await identityError { _ = try await run.identity.device.runAs(email: email("Eve")) } == locked)
        #expect(
            await identityError {
                _ = try await run.identity.device.logIn(email: email("Eve"), password: password("Eve"))
            }
                == locked)
        #expect(await identityError { _ = try await run.identity.signUp("Zed") } == locked)
        // A new run with `--account` of the locked account itself stays the member.
        let next = device.run()
        _ = try await next.identity.device.runAs(email: email("Dana"))
        #expect(try await next.manager.currentPrincipal()?.actingAs?.displayName == "Max")
        #expect(try await run.manager.currentPrincipal()?.accountId == device.dana.accountId)
        // After the PIN, the account may leave.
        let exitLock = ExitLock(pins: run.identity.identity, device: device.device.deviceStore)
        try await exitLock.leave(try await run.manager.currentPrincipal(), pin: "2468")
        _ = try await run.identity.device.switchAccount(to: email("Eve"), password: nil)
        #expect(try await run.manager.currentPrincipal()?.actingAs == nil)
    }

    @Test("a locked member that is removed frees the device")
    func removedMemberReleases() async throws {
        let device = try await LockedDevice()
        try await device.run().manager.switch(to: "Max")
        // Another guardian process removes Max (the lock does not stop the account's own commands as itself).
        let other = device.process()
        _ = try await other.identity.removeMember(device.dana, "Max")
        let next = device.run()
        #expect(try await next.manager.currentPrincipal()?.actingAs == nil)
        #expect(await device.device.deviceStore.load().exitLock == nil)
    }

    @Test("a PIN cleared since the lock engaged lets the device leave; no PIN never counts as the right one")
    func clearedPinReleases() async throws {
        let device = try await LockedDevice()
        let run = device.run()
        try await run.manager.switch(to: "Max")
        // Another process of the guardian clears the PIN; checking a PIN now has nothing to compare with.
        let other = device.process()
        _ = try await other.identity.clearExitPin(device.dana, member: "Max", password: password("Dana"))
        var acting = device.dana
        acting.actingAs = ActingAs(
            memberId: try #require(await device.device.deviceStore.load().exitLock).memberId, displayName: "Max")
        #expect(
            await identityError { try await other.identity.verifyExitPin(acting, member: "Max", pin: "0000") }
                == .noExitPin("Max"))
        try await run.manager.switch(to: "me", pin: "0000")
        #expect(await device.device.deviceStore.load().exitLock == nil)
        #expect(try await run.manager.currentPrincipal()?.actingAs == nil)
    }
}
