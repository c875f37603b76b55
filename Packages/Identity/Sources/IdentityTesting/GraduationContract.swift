import Accounts
import Foundation
import Households
import Identity
import StorageTesting
import Testing

/// Graduation: a managed member claims an account of its own (contract, every store).
public enum GraduationContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("before the claim nothing changes", beforeTheClaimNothingChanges),
        ContractCase("the claim makes the account that member", theClaimMakesTheAccountThatMember),
        ContractCase("a code works once", aCodeWorksOnce),
        ContractCase(
            "an expired or unknown code is refused and creates nothing",
            anExpiredOrUnknownCodeIsRefusedAndCreatesNothing),
        ContractCase(
            "a new code replaces the old one, and a removed member cannot be claimed",
            aNewCodeReplacesTheOldOneAndARemovedMemberCannotBeClaimed),
        ContractCase("only a guardian acting as itself graduates", onlyAGuardianActingAsItselfGraduates),
        ContractCase("a claim over HTTP gets a session too", aClaimOverHTTPGetsASessionToo),
    ]

    /// Ann owns Home and guards Mia with Ben (a parent there); Mia has a record made for her by Ann.
    public struct Home: Sendable {
        public let env: IdentityContractEnvironment
        public let service: LocalIdentityService
        public let ann: Principal
        public let ben: Principal
        public let household: Household
        public let mia: Member

        public init(_ env: IdentityContractEnvironment) async throws {
            self.env = env
            service = env.service()
            ben = try await service.register("Ben")
            ann = try await service.register("Ann")
            let home = try await service.createHousehold(ann, name: "Home")
            _ = try await service.joinHousehold(ben, householdId: home.id, role: .parent)
            mia = try await service.addManagedMember(ann, displayName: "Mia", avatarKey: "fox")
            _ = try await service.addGuardian(ann, member: "Mia", email: email("Ben"))
            var acting = ann
            acting.actingAs = ActingAs(memberId: mia.memberId, displayName: "Mia")
            _ = try await service.ask(acting, try ApprovalAsk(title: "prefs theme dark"))
            household = try #require(try await service.activeHousehold(ann))
        }

        /// Signs up with the code (as a server does: every store keeps server state) and returns the new principal.
        public func claim(_ code: String, as name: String = "Mia") async throws -> Principal {
            let session = try await service.register(
                SignUp(
                    email: email(name), firstName: name, lastName: "Lee", password: password(name), claimCode: code))
            return try await service.principal(forToken: session.token)
        }
    }

    static func beforeTheClaimNothingChanges(_ env: IdentityContractEnvironment) async throws {
        let home = try await Home(env)
        let grant = try await home.service.graduateMember(home.ann, "mia")
        #expect(grant.memberId == home.mia.memberId && grant.displayName == "Mia")
        #expect(grant.code.wholeMatch(of: /CLAIM-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/) != nil)
        #expect(grant.expiresAt == home.env.clock.now().addingTimeInterval(7 * IdentityContractEnvironment.day))
        #expect(try await home.service.activeHousehold(home.ann) == home.household)
        #expect(
            try await home.service.memberActivity(home.ben, member: "Mia").map(\.subjectMemberId) == [home.mia.memberId]
        )
    }

    static func theClaimMakesTheAccountThatMember(_ env: IdentityContractEnvironment) async throws {
        let home = try await Home(env)
        _ = try await home.service.setExitPin(home.ann, member: "Mia", password: password("Ann"), pin: "2468")
        let grant = try await home.service.graduateMember(home.ann, home.mia.memberId)
        // Typed in lower case, with spaces around: the same code.
        let mia = try await home.claim("  \(grant.code.lowercased()) ")
        // No one acts as an account: the member's exit PIN went with it.
        #expect(try await home.env.store.read { try $0.exitPin(memberId: home.mia.memberId) } == nil)

        let household = try #require(try await home.service.activeHousehold(mia))
        #expect(household.id == home.household.id)
        #expect(household.members.count == home.household.members.count)
        #expect(household.member(home.mia.memberId) == nil)
        let member = try #require(household.member(mia.accountId))
        #expect(member.kind == .independent && member.role == .member && member.guardianAccountIds.isEmpty)
        #expect(member.displayName == "Mia Lee")

        // The record Ann made for Mia now names the account.
        let records = try await home.service.actingRecords(home.ann)
        #expect(records.map(\.subjectMemberId) == [mia.accountId])
        #expect(records.map(\.subjectDisplayName) == ["Mia Lee"])
        #expect(records.map(\.action) == ["ask prefs theme dark"])

        // Guardianship has ended: neither former guardian guards anything any more.
        #expect(
            try #require(try await home.service.activeHousehold(home.ann)).managedMembers(guardedBy: home.ann.accountId)
                .isEmpty)
        #expect(
            await identityError { _ = try await home.service.memberActivity(home.ben, member: "Mia Lee") }
                == .notManaged("Mia Lee"))
        #expect(
            await identityError { _ = try await home.service.graduateMember(home.ann, "Mia Lee") }
                == .notManaged("Mia Lee"))
    }

    static func aCodeWorksOnce(_ env: IdentityContractEnvironment) async throws {
        let home = try await Home(env)
        let grant = try await home.service.graduateMember(home.ann, "Mia")
        _ = try await home.claim(grant.code)
        let again = await identityError { _ = try await home.claim(grant.code, as: "Zoe") }
        #expect(again == .claimCodeInvalid)
        #expect(again?.description == "This claim code is not valid")
        #expect(try await home.env.store.read { try $0.account(email: email("Zoe")) } == nil)
    }

    static func anExpiredOrUnknownCodeIsRefusedAndCreatesNothing(_ env: IdentityContractEnvironment) async throws {
        let home = try await Home(env)
        let grant = try await home.service.graduateMember(home.ann, "Mia")
        #expect(await identityError { _ = try await home.claim("CLAIM-AAAA-BBBB-CCCC") } == .claimCodeInvalid)
        home.env.clock.advance(by: 7 * IdentityContractEnvironment.day)
        #expect(await identityError { _ = try await home.claim(grant.code) } == .claimCodeInvalid)
        #expect(try await home.env.store.read { try $0.account(email: email("Mia")) } == nil)
        #expect(try await home.service.activeHousehold(home.ann) == home.household)
        // A code made a moment before its seventh day ends still works.
        let fresh = try await home.service.graduateMember(home.ann, "Mia")
        home.env.clock.advance(by: 7 * IdentityContractEnvironment.day - 1)
        _ = try await home.claim(fresh.code)
    }

    static func aNewCodeReplacesTheOldOneAndARemovedMemberCannotBeClaimed(_ env: IdentityContractEnvironment)
        async throws
    {
        let home = try await Home(env)
        let first = try await home.service.graduateMember(home.ann, "Mia")
        let second = try await home.service.graduateMember(home.ben, "Mia")
        #expect(await identityError { _ = try await home.claim(first.code) } == .claimCodeInvalid)
        _ = try await home.service.removeMember(home.ann, "Mia")
        #expect(await identityError { _ = try await home.claim(second.code) } == .claimCodeInvalid)
    }

    static func onlyAGuardianActingAsItselfGraduates(_ env: IdentityContractEnvironment) async throws {
        let home = try await Home(env)
        let cy = try await home.service.register("Cy")
        _ = try await home.service.joinHousehold(cy, householdId: home.household.id, role: .parent)
        #expect(await identityError { _ = try await home.service.graduateMember(cy, "Mia") } == .notGuardian("Mia"))
        #expect(
            await identityError { _ = try await home.service.graduateMember(home.ann, "Ann Tester") }
                == .notManaged("Ann Tester"))
        var acting = home.ann
        acting.actingAs = ActingAs(memberId: home.mia.memberId, displayName: "Mia")
        #expect(
            await identityError { _ = try await home.service.graduateMember(acting, "Mia") } == .notWhileActing("Mia"))
    }

    static func aClaimOverHTTPGetsASessionToo(_ env: IdentityContractEnvironment) async throws {
        let home = try await Home(env)
        let grant = try await home.service.graduateMember(home.ann, "Mia")
        let session = try await home.service.register(
            SignUp(
                email: email("Mia"), firstName: "Mia", lastName: "Lee", password: password("Mia"), claimCode: grant.code
            ))
        let mia = try await home.service.principal(forToken: session.token)
        #expect(try await home.service.activeHousehold(mia)?.member(mia.accountId)?.kind == .independent)
    }
}
