import Accounts
import Device
import Foundation
import Households
import Identity
import Mail
import StorageTesting
import Testing

/// `account delete`, `account export` and `member export` over Identity's own tables (contract, every store); the
/// other features' shares have contract suites of their own, and the composition is tested end to end.
public enum DeletionContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("a deleted account is gone, and its email signs up again", aDeletedAccountIsGone),
        ContractCase("a household passes to the member who joined first, or goes", householdsPassOrGo),
        ContractCase("the other guardians keep the records, by 'Deleted account'", recordsStayForOtherGuardians),
        ContractCase("refused while acting, as the only guardian, and with a wrong password", refusals),
        ContractCase("an account without a password needs a recent provider sign-in", withoutAPasswordARecentSignIn),
        ContractCase("another device's saved entry says the account no longer exists", anotherDeviceForgetsIt),
        ContractCase("the export holds the account's data and no secret", theExportHoldsTheAccount),
        ContractCase("a member's export is for its guardians alone", aMembersExportIsForGuardians),
    ]

    static let mail = MailSettings(from: "no-reply@kith.example")

    /// The identity section's members in a member's export: every list, none of the account's optional values.
    static let memberExportKeys: Set<String> = [
        "linkedIdentities", "sessions", "pendingCodes", "limits", "queuedMail", "households", "managedMembers",
        "actingRecords", "claimCodes", "approvalRequests", "signInChallenges", "passkeys", "passkeyChallenges",
    ]
    /// And in an account's export, without two-step or a passkey: the account and its active household too.
    static let accountExportKeys = memberExportKeys.union(["account", "activeHouseholdId"])

    static func acting(_ principal: Principal, as member: Member) -> Principal {
        var acting = principal
        acting.actingAs = ActingAs(memberId: member.memberId, displayName: member.displayName)
        return acting
    }

    static func aDeletedAccountIsGone(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let device = env.device(service)
        _ = try await device.signUp("Ann")
        let ann = try await device.me()
        let elsewhere = try await service.principal(
            forToken: try await service.signIn(email: email("Ann"), password: password("Ann")).token)
        _ = try await service.changeEmail(ann, to: "ann.next@example.com", password: password("Ann"))
        try await service.deleteAccount(ann, password: password("Ann"))

        // Every session ends (this device's and the other), the device forgets it, the account is gone.
        #expect(await identityError { _ = try await service.account(ann) } == .notSignedIn)
        #expect(await identityError { _ = try await service.account(elsewhere) } == .notSignedIn)
        #expect(try await device.savedAccounts().isEmpty)
        #expect(try await device.currentPrincipal() == nil)
        #expect(
            await identityError { _ = try await service.signIn(email: email("Ann"), password: password("Ann")) }
                == .incorrectCredentials)
        // Mail still waiting for it is dropped; the notice waits alone.
        let outbox = try await env.outbox().filter { $0.status == .queued }
        #expect(outbox.map(\.mail.recipient) == [email("Ann")])
        #expect(try #require(outbox.first).mail.text.contains("Subject: Your Kith account was deleted"))
        // The email is free again: a new account, with a new id.
        let again = try await service.register("Ann")
        #expect(again.accountId != ann.accountId)
    }

    static func householdsPassOrGo(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let ann = try await service.register("Ann")
        let bo = try await service.register("Bo")
        let cy = try await service.register("Cy")
        let shared = try await service.createHousehold(ann, name: "Shared")
        _ = try await service.joinHousehold(bo, householdId: shared.id, role: .parent)
        _ = try await service.joinHousehold(cy, householdId: shared.id, role: .parent)
        let alone = try await service.createHousehold(ann, name: "Alone")
        let bos = try await service.createHousehold(bo, name: "Bo's")
        _ = try await service.joinHousehold(ann, householdId: bos.id, role: .parent)
        try await service.deleteAccount(ann, password: password("Ann"))

        let households = try await service.households(bo)
        #expect(households.map(\.name) == ["Shared", "Bo's"])
        let passed = try #require(households.first { $0.id == shared.id })
        #expect(passed.ownerAccountId == bo.accountId)
        #expect(passed.members.map(\.memberId) == [bo.accountId, cy.accountId])
        #expect(passed.member(bo.accountId)?.role == .owner)
        #expect(try #require(households.last).members.map(\.memberId) == [bo.accountId])
        let gone = try await env.store.read { try $0.household(id: alone.id) }
        #expect(gone == nil)
        // Cy is still a member, of a household that Bo owns now.
        #expect(try await service.households(cy).map(\.ownerAccountId) == [bo.accountId])
    }

    static func recordsStayForOtherGuardians(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let ann = try await service.register("Ann")
        let bo = try await service.register("Bo")
        let home = try await service.createHousehold(ann, name: "Home")
        _ = try await service.joinHousehold(bo, householdId: home.id, role: .parent)
        let mia = try await service.addManagedMember(ann, displayName: "Mia", avatarKey: "")
        _ = try await service.addGuardian(ann, member: "Mia", email: email("Bo"))
        _ = try await service.ask(acting(ann, as: mia), try ApprovalAsk(title: "prefs theme dark"))
        _ = try await service.ask(acting(bo, as: mia), try ApprovalAsk(title: "prefs font large"))
        try await service.deleteAccount(ann, password: password("Ann"))

        let records = try await service.memberActivity(bo, member: "Mia")
        #expect(records.map(\.action) == ["ask prefs theme dark", "ask prefs font large"])
        #expect(records.map(\.actorDisplayName) == [ActingRecord.deletedActorName, "Bo Tester"])
        let member = try #require(try await service.requireActiveHousehold(bo).member(mia.memberId))
        #expect(member.guardianAccountIds == [bo.accountId])
    }

    static func refusals(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let ann = try await service.register("Ann")
        let home = try await service.createHousehold(ann, name: "Home")
        let mia = try await service.addManagedMember(ann, displayName: "Mia", avatarKey: "")
        _ = try await service.addManagedMember(ann, displayName: "Max", avatarKey: "")
        #expect(
            await identityError { try await service.deleteAccount(acting(ann, as: mia), password: password("Ann")) }
                == .notWhileActing("Mia"))
        #expect(
            await identityError { _ = try await service.checkAccountDeletion(ann) } == .onlyGuardian(["Mia", "Max"]))
        #expect(
            await identityError { try await service.deleteAccount(ann, password: password("Ann")) }
                == .onlyGuardian(["Mia", "Max"]))
        #expect(
            IdentityError.onlyGuardian(["Mia", "Max"]).description
                == "You are the only guardian of Mia, Max. Add another guardian, graduate them, or remove them first.")
        _ = try await service.removeMember(ann, "Mia")
        _ = try await service.removeMember(ann, "Max")
        #expect(try await service.checkAccountDeletion(ann).id == ann.accountId)
        #expect(
            await identityError { try await service.deleteAccount(ann, password: "wrong-password") }
                == .incorrectCredentials)
        // Nothing changed by any refusal.
        #expect(try await service.account(ann).id == ann.accountId)
        #expect(try await service.households(ann).map(\.id) == [home.id])
    }

    static func withoutAPasswordARecentSignIn(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(verifiers: [StubVerifier.google])
        let ann = try await service.principal(
            forToken: try await service.signIn(with: StubVerifier.signIn("ann")).grant.token)
        env.clock.advance(by: 11 * 60)
        #expect(
            await identityError { try await service.deleteAccount(ann, password: nil) }
                == .recentSignInNeededToDelete)
        #expect(try await service.account(ann).id == ann.accountId)
        let again = try await service.principal(
            forToken: try await service.signIn(with: StubVerifier.signIn("ann")).grant.token)
        try await service.deleteAccount(again, password: nil)
        #expect(await identityError { _ = try await service.account(again) } == .notSignedIn)
    }

    static func anotherDeviceForgetsIt(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let here = env.device(service)
        _ = try await here.signUp("Ann")
        _ = try await here.signUp("Bo")
        // Ann's account is deleted by a process that is not this device (a server, another device's kith).
        let server = LocalIdentityService(
            store: env.store, options: IdentityOptions(clock: env.clock, random: env.random, hasher: env.hasher))
        let elsewhere = try await server.principal(
            forToken: try await server.signIn(email: email("Ann"), password: password("Ann")).token)
        try await server.deleteAccount(elsewhere, password: password("Ann"))
        let device = env.device(service)
        if env.deviceStore is InMemoryDeviceStore {
            // A device of its own: it learns on switching, and forgets the entry.
            #expect(
                await identityError { _ = try await device.switchAccount(to: email("Ann"), password: nil) }
                    == .accountNoLongerExists)
            #expect(IdentityError.accountNoLongerExists.description == "This account no longer exists")
        }
        // (A device in the same SQLite file as the accounts lost the entry with the account.)
        #expect(try await device.savedAccounts().map(\.account.email) == [email("Bo")])
    }

    static func theExportHoldsTheAccount(_ env: IdentityContractEnvironment) async throws {
        let service = env.service(mail: mail)
        let ann = try await service.register("Ann")
        let bo = try await service.register("Bo")
        let home = try await service.createHousehold(ann, name: "Home")
        _ = try await service.joinHousehold(bo, householdId: home.id, role: .parent)
        let mia = try await service.addManagedMember(ann, displayName: "Mia", avatarKey: "fox")
        _ = try await service.ask(acting(ann, as: mia), try ApprovalAsk(title: "prefs theme dark"))
        _ = try await service.graduateMember(ann, "Mia")
        let document = try await service.exportAccount(ann)
        let json = try #require(try JSONSerialization.jsonObject(with: document.json) as? [String: Any])
        #expect(json["format"] as? String == "kith.export.v1")
        #expect((json["subject"] as? [String: Any])?["id"] as? String == ann.accountId)
        let identity = try #require(json["identity"] as? [String: Any])
        #expect((identity["account"] as? [String: Any])?["email"] as? String == email("Ann"))
        #expect((identity["households"] as? [[String: Any]])?.count == 1)
        #expect((identity["managedMembers"] as? [[String: Any]])?.count == 1)
        #expect((identity["actingRecords"] as? [[String: Any]])?.first?["action"] as? String == "ask prefs theme dark")
        #expect((identity["claimCodes"] as? [[String: Any]])?.count == 1)
        #expect((identity["sessions"] as? [[String: Any]])?.count == 1)
        #expect((identity["pendingCodes"] as? [[String: Any]])?.first?["purpose"] as? String == "verification")
        // kith.export.v1's identity section, member by member: every part's lists, even empty, and its optional
        // values only when set (no two-step, no passkey here).
        #expect(Set(identity.keys) == accountExportKeys)
        // No hash of any kind, no token: the stored password hash and claim code hash are nowhere in it.
        let text = String(decoding: document.json, as: UTF8.self)
        let hash = try #require(try await env.store.read { try $0.passwordHash(accountId: ann.accountId) })
        #expect(!text.contains(hash))
        #expect(!text.lowercased().contains("hash"))
        #expect(!text.contains("token"))
        #expect(!text.contains(email("Bo")))
    }

    static func aMembersExportIsForGuardians(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let ann = try await service.register("Ann")
        let bo = try await service.register("Bo")
        let home = try await service.createHousehold(ann, name: "Home")
        _ = try await service.joinHousehold(bo, householdId: home.id, role: .parent)
        let mia = try await service.addManagedMember(ann, displayName: "Mia", avatarKey: "")
        _ = try await service.ask(acting(ann, as: mia), try ApprovalAsk(title: "prefs theme dark"))
        let document = try await service.exportMember(ann, member: "Mia")
        let json = try #require(try JSONSerialization.jsonObject(with: document.json) as? [String: Any])
        #expect((json["subject"] as? [String: Any])?["kind"] as? String == "member")
        let identity = try #require(json["identity"] as? [String: Any])
        #expect(
            ((identity["managedMembers"] as? [[String: Any]])?.first?["member"] as? [String: Any])?["memberId"]
                as? String == mia.memberId)
        #expect((identity["actingRecords"] as? [[String: Any]])?.count == 1)
        #expect(Set(identity.keys) == memberExportKeys)
        #expect(await identityError { _ = try await service.exportMember(bo, member: "Mia") } == .notGuardian("Mia"))
        #expect(
            await identityError { _ = try await service.exportMember(acting(ann, as: mia), member: "Mia") }
                == .notWhileActing("Mia"))
    }
}
