import Accounts
import Foundation
import Households
import Identity
import Kernel
import Mail
import StorageTesting
import Testing
import TwoStep

/// Every Identity event of DOMAIN.md's catalogue, written by the change that causes it and by nothing else (contract,
/// every store): each case makes changes through the service and compares the events they wrote, type, subject and
/// data, with what the change should write; refused and empty changes write none.
public enum EventCatalogueContract {
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("accounts: created, updated, email verified and changed, deleted", accounts),
        ContractCase("sessions: sign-out, an ended session, end-others, a password change, a reset", sessions),
        ContractCase("credentials: password set and changed, two-step on and off, passkeys", credentials),
        ContractCase("households: members added and removed, guardians added and removed", households),
        ContractCase("graduation: the new account and the graduated member", graduation),
        ContractCase("approvals: requested, renewed, decided, expired exactly once", approvals),
        ContractCase("refused and empty changes write no event", refusedChangesWriteNothing),
    ]

    static let mail = MailSettings(from: "no-reply@kith.example")

    /// The events written since `before`, compared with `expected`; returns the count after them.
    @discardableResult
    static func expect(
        _ env: IdentityContractEnvironment, since before: Int, _ expected: [NewEvent],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Int {
        let written = try await env.newEvents(since: before)
        #expect(written == expected, sourceLocation: sourceLocation)
        return before + written.count
    }

    static func account(_ principal: Principal) -> EventSubject { EventSubject(accountId: principal.accountId) }

    static func accounts(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        var seen = try await env.events().count
        let ann = try await service.register("Ann")
        seen = try await expect(
            env, since: seen, [NewEvent("account.created", subject: account(ann), data: ["via": "password"])])

        _ = try await service.changeName(ann, firstName: "Annie", lastName: "Tester")
        _ = try await service.changeRole(ann, to: .parent)
        _ = try await service.changeAccountType(ann, to: .corporate)
        seen = try await expect(
            env, since: seen,
            [
                NewEvent("account.updated", subject: account(ann), data: ["changed": "name"]),
                NewEvent("account.updated", subject: account(ann), data: ["changed": "role"]),
                NewEvent("account.updated", subject: account(ann), data: ["changed": "type"]),
            ])

        let code = try await VerificationContract.latestCode(env, to: email("Ann"))
        _ = try await service.verifyEmail(ann, code: code)
        seen = try await expect(env, since: seen, [NewEvent("account.email_verified", subject: account(ann))])

        _ = try await service.changeEmail(ann, to: "ann.new@example.com", password: password("Ann"))
        let change = try await EmailChangeContract.latestCode(env, to: "ann.new@example.com")
        _ = try await service.confirmEmailChange(ann, code: change)
        seen = try await expect(env, since: seen, [NewEvent("account.email_changed", subject: account(ann))])

        // A first sign-in with Google makes an account too.
        let google = env.service(verifiers: [StubVerifier.google])
        let created = try await google.signIn(with: StubVerifier.signIn("bo-google"))
        seen = try await expect(
            env, since: seen,
            [
                NewEvent(
                    "account.created", subject: EventSubject(accountId: created.grant.accountId),
                    data: ["via": "google"])
            ])

        // Deleted: the account's own event, no session.ended for the sessions that go with it.
        _ = try await service.signIn(email: "ann.new@example.com", password: password("Ann"), clientAddress: nil)
        try await service.deleteAccount(ann, password: password("Ann"))
        try await expect(env, since: seen, [NewEvent("account.deleted", subject: account(ann))])
        // The events outlive the account they are about.
        #expect(try await env.events().contains { $0.type == "account.created" && $0.subject == account(ann) })
    }

    static func sessions(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        func signIn() async throws -> SessionGrant {
            try await service.signIn(email: email("Ann"), password: password("Ann"), clientAddress: nil)
        }
        func ended(_ id: String, _ reason: String) -> NewEvent {
            NewEvent("session.ended", subject: account(ann), data: ["sessionId": id, "reason": reason])
        }
        let second = try await signIn()
        let third = try await signIn()
        var seen = try await env.events().count

        try await service.endSession(ann, id: second.sessionId)
        seen = try await expect(env, since: seen, [ended(second.sessionId, "ended")])

        try await service.endSession(token: third.token)
        // Signing out of a session already ended changes nothing.
        try await service.endSession(token: third.token)
        seen = try await expect(env, since: seen, [ended(third.sessionId, "sign_out")])

        env.clock.advance(by: 1)
        let fourth = try await signIn()
        env.clock.advance(by: 1)
        let fifth = try await signIn()
        #expect(try await service.endOtherSessions(ann) == 2)
        seen = try await expect(
            env, since: seen, [ended(fourth.sessionId, "end_others"), ended(fifth.sessionId, "end_others")])

        // A password change ends the other sessions.
        let sixth = try await signIn()
        try await service.changePassword(ann, current: password("Ann"), new: "a-new-password-1")
        seen = try await expect(
            env, since: seen,
            [
                NewEvent(
                    "credential.changed", subject: account(ann), data: ["kind": "password", "change": "changed"]),
                ended(sixth.sessionId, "password_changed"),
            ])

        // A reset ends every session, and verifies the address the code was mailed to.
        try await service.forgotPassword(email: email("Ann"), clientAddress: nil)
        let code = try await RecoveryContract.latestCode(env, to: email("Ann"))
        let reset = try await service.resetPassword(
            email: email("Ann"), code: code, newPassword: "a-new-password-2", clientAddress: nil)
        seen = try await expect(
            env, since: seen,
            [
                NewEvent("credential.changed", subject: account(ann), data: ["kind": "password", "change": "reset"]),
                NewEvent("account.email_verified", subject: account(ann)),
                ended(try #require(ann.sessionId), "reset"),
            ])

        // This device's sign-out.
        let device = env.device(service)
        _ = try await device.logIn(email: email("Ann"), password: "a-new-password-2")
        let deviceSession = try #require(try await device.me().sessionId)
        let before = seen
        try await device.logOut()
        try await expect(env, since: before, [ended(deviceSession, "sign_out")])
        _ = reset
    }

    static func credentials(_ env: IdentityContractEnvironment) async throws {
        let log = PasskeyContract.Log()
        let service = env.service(
            verifiers: [StubVerifier.google], passkeys: PasskeyContract.relyingParty, passkeyLog: log.record)
        func changed(_ principal: Principal, _ kind: String, _ change: String, _ extra: [String: String] = [:])
            -> NewEvent
        {
            NewEvent(
                "credential.changed", subject: account(principal),
                data: ["kind": kind, "change": change].merging(extra) { first, _ in first })
        }
        // A Google account sets its first password.
        let bo = try await service.principal(
            forToken: try await service.signIn(with: StubVerifier.signIn("bo-google")).grant.token)
        var seen = try await env.events().count
        try await service.changePassword(bo, current: nil, new: "bo-first-password")
        seen = try await expect(env, since: seen, [changed(bo, "password", "set")])

        // Two-step on, then off.
        let ann = try await service.register("Ann")
        seen = try await env.events().count
        let setup = try await service.beginTwoStep(ann, password: password("Ann"))
        let secret = try #require(Base32.decode(setup.secret))
        _ = try await service.confirmTwoStep(ann, code: TwoStepContract.code(secret, env))
        seen = try await expect(env, since: seen, [changed(ann, "two_step", "on")])
        env.clock.advance(by: 60)
        try await service.disableTwoStep(ann, password: password("Ann"), code: TwoStepContract.code(secret, env))
        seen = try await expect(env, since: seen, [changed(ann, "two_step", "off")])

        // A passkey added, then removed.
        var device = PasskeyContract.authenticator(env)
        let passkey = try await PasskeyContract.register(service, ann, &device)
        seen = try await expect(env, since: seen, [changed(ann, "passkey", "added", ["passkeyId": passkey.id])])
        try await service.removePasskey(ann, id: passkey.id, password: password("Ann"))
        try await expect(env, since: seen, [changed(ann, "passkey", "removed", ["passkeyId": passkey.id])])
    }

    static func households(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let dana = try await service.register("Dana")
        let eli = try await service.register("Eli")
        let home = try await service.createHousehold(dana, name: "Lees")
        var seen = try await env.events().count

        _ = try await service.joinHousehold(eli, householdId: home.id, role: .parent)
        seen = try await expect(
            env, since: seen,
            [
                NewEvent(
                    "household.member_added",
                    subject: EventSubject(accountId: eli.accountId, memberId: eli.accountId, householdId: home.id),
                    data: ["kind": "independent"])
            ])

        let max = try await service.addManagedMember(dana, displayName: "Max", avatarKey: "")
        let maxSubject = EventSubject(memberId: max.memberId, householdId: home.id)
        seen = try await expect(
            env, since: seen, [NewEvent("household.member_added", subject: maxSubject, data: ["kind": "managed"])])

        let guardian = EventSubject(accountId: eli.accountId, memberId: max.memberId, householdId: home.id)
        _ = try await service.addGuardian(dana, member: "Max", email: email("Eli"))
        seen = try await expect(env, since: seen, [NewEvent("guardian.added", subject: guardian)])
        _ = try await service.removeGuardian(dana, member: "Max", email: email("Eli"))
        seen = try await expect(env, since: seen, [NewEvent("guardian.removed", subject: guardian)])

        _ = try await service.removeMember(dana, "Max")
        seen = try await expect(
            env, since: seen, [NewEvent("household.member_removed", subject: maxSubject, data: ["kind": "managed"])])

        try await service.leaveHousehold(eli, home.id)
        try await expect(
            env, since: seen,
            [
                NewEvent(
                    "household.member_removed",
                    subject: EventSubject(accountId: eli.accountId, memberId: eli.accountId, householdId: home.id),
                    data: ["kind": "independent"])
            ])
    }

    static func graduation(_ env: IdentityContractEnvironment) async throws {
        let home = try await GraduationContract.Home(env)
        let grant = try await home.service.graduateMember(home.ann, "Mia")
        let seen = try await env.events().count
        let mia = try await home.claim(grant.code)
        try await expect(
            env, since: seen,
            [
                NewEvent("account.created", subject: account(mia), data: ["via": "password"]),
                NewEvent(
                    "member.graduated",
                    subject: EventSubject(
                        accountId: mia.accountId, memberId: home.mia.memberId, householdId: home.household.id)),
            ])
    }

    static func approvals(_ env: IdentityContractEnvironment) async throws {
        let family = try await ApprovalContract.Family(env)
        let household = try #require(try await family.service.activeHousehold(family.dana)).id
        let max = EventSubject(memberId: family.max.memberId, householdId: household)
        func requested(_ id: String, renewed: Bool) -> NewEvent {
            NewEvent(
                "approval.requested", subject: max, data: ["requestId": id, "renewed": renewed ? "true" : "false"])
        }
        func decided(_ id: String, by guardian: Principal, _ decision: String) -> NewEvent {
            NewEvent(
                "approval.decided",
                subject: EventSubject(
                    accountId: guardian.accountId, memberId: family.max.memberId, householdId: household),
                data: ["requestId": id, "decision": decision])
        }
        var seen = try await env.events().count

        let game = try await family.ask("Minecraft").request
        let again = try await family.ask("Minecraft").request
        #expect(again.id == game.id)
        let book = try await family.ask("A book").request
        seen = try await expect(
            env, since: seen,
            [requested(game.id, renewed: false), requested(game.id, renewed: true), requested(book.id, renewed: false)])

        _ = try await family.service.approve(family.eli, request: game.id, note: "Enjoy", pin: nil)
        _ = try await family.service.decline(family.dana, request: book.id, note: nil)
        seen = try await expect(
            env, since: seen,
            [decided(game.id, by: family.eli, "approved"), decided(book.id, by: family.dana, "declined")])

        // Past its 24 hours, a request expires once: by the service's call, then never again.
        let late = try await family.ask("Late").request
        seen = try await env.events().count
        env.clock.advance(by: ApprovalRequest.lifetime + 60)
        #expect(try await family.service.expireApprovalRequests() == 1)
        #expect(try await family.service.expireApprovalRequests() == 0)
        seen = try await expect(
            env, since: seen, [NewEvent("approval.expired", subject: max, data: ["requestId": late.id])])

        // Or by the next ask or answer, before anything else it writes.
        let stale = try await family.ask("Stale").request
        seen = try await env.events().count
        env.clock.advance(by: ApprovalRequest.lifetime)
        let fresh = try await family.ask("Fresh").request
        seen = try await expect(
            env, since: seen,
            [
                NewEvent("approval.expired", subject: max, data: ["requestId": stale.id]),
                requested(fresh.id, renewed: false),
            ])
        let expiredAnswer = await identityError {
            _ = try await family.service.approve(family.dana, request: stale.id, note: nil, pin: nil)
        }
        #expect(expiredAnswer == .requestExpired("Stale"))
        #expect(try await family.service.expireApprovalRequests() == 0)
        try await expect(env, since: seen, [])
    }

    static func refusedChangesWriteNothing(_ env: IdentityContractEnvironment) async throws {
        let family = try await ApprovalContract.Family(env)
        let service = family.service
        let request = try await family.ask("Minecraft").request
        let seen = try await env.events().count

        // Refused: nothing of them is written, their events neither.
        let wrongPassword = await identityError {
            try await service.changePassword(family.dana, current: "not-the-password", new: "whatever-new-1")
        }
        #expect(wrongPassword == .incorrectCredentials)
        let notGuardian = await identityError {
            _ = try await service.approve(family.bob, request: request.id, note: nil, pin: nil)
        }
        #expect(notGuardian == .notGuardian("Max"))
        let full = await identityError {
            for index in 0..<ApprovalRequest.maxPending { try await family.ask("Game \(index)") }
        }
        #expect(full == .tooManyPendingRequests)
        let lastGuardian = await identityError {
            _ = try await service.removeGuardian(family.eli, member: "Max", email: email("Dana"))
            _ = try await service.removeGuardian(family.eli, member: "Max", email: email("Eli"))
        }
        #expect(lastGuardian == .needsGuardian("Max"))
        #expect(await identityError { try await service.endSession(family.dana, id: "no-such-session") } != nil)
        #expect(
            await identityError { _ = try await service.changeName(family.dana, firstName: "", lastName: "") } != nil)
        let asked = ApprovalRequest.maxPending - 1
        let written = try await env.newEvents(since: seen)
        // Only the changes that happened wrote: 19 asks before the 20th was refused, and Dana stopped guarding Max.
        #expect(
            written.map(\.type) == Array(repeating: "approval.requested", count: asked) + ["guardian.removed"])

        // Changes that change nothing: the same name, a guardian already there, signing out of an unknown token.
        let after = try await env.events().count
        _ = try await service.changeName(family.dana, firstName: "Dana", lastName: "Tester")
        _ = try await service.changeRole(family.dana, to: .member)
        _ = try await service.addGuardian(family.eli, member: "Max", email: email("Eli"))
        try await service.endSession(token: "no-such-token")
        #expect(try await service.endOtherSessions(family.dana) == 0)
        #expect(try await env.newEvents(since: after) == [])
    }
}
