import Accounts
import Foundation
import Households
import Identity
import StorageTesting
import Testing

/// Households and managed members (contract, every store).
public enum HouseholdContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase(
            "create makes the creator owner and the household active", createMakesTheCreatorOwnerAndTheHouseholdActive),
        ContractCase("managed members have a guardian and a monogram", managedMembersHaveAGuardianAndAMonogram),
        ContractCase(
            "the cap of eight counts managed and independent members", theCapOfEightCountsManagedAndIndependentMembers),
        ContractCase(
            "guardians are added and removed, but never the last one", guardiansAreAddedAndRemovedButNeverTheLastOne),
        ContractCase("the last guardian cannot leave or be removed", theLastGuardianCannotLeaveOrBeRemoved),
        ContractCase(
            "the owner removes independent members and cannot leave", ownerRemovesIndependentMembersAndCannotLeave),
        ContractCase("ambiguous and unknown member names are refused", ambiguousAndUnknownMemberNames),
        ContractCase("several households, one active per account", severalHouseholdsOneActivePerAccount),
        ContractCase("rename is for the owner, and names follow accounts", renameIsForTheOwnerAndNamesFollowAccounts),
        ContractCase(
            "acting records keep the member's name after removal", actingRecordsKeepTheMembersNameAfterRemoval),
        ContractCase(
            "a guardian sees every record made for a member it guards, by any guardian; nobody else does",
            guardiansSeeEveryRecordForTheirMember),
    ]

    /// A service with accounts registered under `names` (bearer sessions, as on a server), each with its principal.
    struct Family {
        let env: IdentityContractEnvironment
        let service: LocalIdentityService
        let principals: [String: Principal]

        init(_ env: IdentityContractEnvironment, _ names: [String]) async throws {
            self.env = env
            service = env.service()
            var principals: [String: Principal] = [:]
            for name in names {
                principals[name] = try await service.register(name)
            }
            self.principals = principals
        }

        subscript(_ name: String) -> Principal { principals[name] ?? Principal(accountId: "missing") }
    }

    static func createMakesTheCreatorOwnerAndTheHouseholdActive(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann"])
        let ann = family["Ann"]
        let home = try await family.service.createHousehold(ann, name: "  The Lees 2.0 ")
        #expect(home.name == "The Lees 2.0")
        #expect(home.ownerAccountId == ann.accountId)
        #expect(home.members.count == 1)
        #expect(home.members[0].memberId == ann.accountId)
        #expect(home.members[0].kind == .independent)
        #expect(home.members[0].role == .owner)
        #expect(home.members[0].displayName == "Ann Tester")
        #expect(try await family.service.activeHousehold(ann) == home)
        let invalid = await identityError { _ = try await family.service.createHousehold(ann, name: "") }
        #expect(invalid?.description == "Please enter a valid name (1-50 characters): the household name is empty")
        let long = String(repeating: "h", count: 51)
        #expect(
            await identityError { _ = try await family.service.createHousehold(ann, name: long) }
                == .invalidName(field: "household name", problem: .tooLong(maxLength: 50), maxLength: 50))
    }

    static func managedMembersHaveAGuardianAndAMonogram(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann"])
        let ann = family["Ann"]
        _ = try await family.service.createHousehold(ann, name: "Home")
        let mia = try await family.service.addManagedMember(ann, displayName: " mia ", avatarKey: "")
        #expect(mia.memberId.hasPrefix("managed_"))
        #expect(UUID(uuidString: String(mia.memberId.dropFirst(8))) != nil)
        #expect(mia.displayName == "mia")
        #expect(mia.monogram == "M")
        #expect(mia.avatarKey == "")
        #expect(mia.guardianAccountIds == [ann.accountId])
        #expect(mia.kind == .managed && mia.role == .member)
        let robot = try await family.service.addManagedMember(ann, displayName: "R2-D2", avatarKey: "robot")
        #expect(robot.avatarKey == "robot")
        let stored = try await family.service.activeHousehold(ann)
        #expect(stored?.members.map(\.displayName) == ["Ann Tester", "mia", "R2-D2"])

        let long = String(repeating: "m", count: 31)
        let error = await identityError {
            _ = try await family.service.addManagedMember(ann, displayName: long, avatarKey: "")
        }
        #expect(
            error?.description == "Please enter a valid name (1-30 characters): the name is longer than 30 characters")
        #expect(
            await identityError { _ = try await family.service.addManagedMember(ann, displayName: "Me", avatarKey: "") }
                == .reservedName("Me"))
    }

    static func theCapOfEightCountsManagedAndIndependentMembers(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann", "Bo", "Cy", "Di"])
        let service = family.service
        let home = try await service.createHousehold(family["Ann"], name: "Home")
        for name in ["Kid A", "Kid B", "Kid C", "Kid D", "Kid E"] {
            _ = try await service.addManagedMember(family["Ann"], displayName: name, avatarKey: "")
        }
        _ = try await service.joinHousehold(family["Bo"], householdId: home.id, role: .parent)
        let full = try await service.joinHousehold(family["Cy"], householdId: home.id, role: .parent)
        #expect(full.members.count == 8)
        let refusedManaged = await identityError {
            _ = try await service.addManagedMember(family["Bo"], displayName: "Kid F", avatarKey: "")
        }
        #expect(refusedManaged?.description == "This household is full (8 members)")
        let refusedJoin = await identityError {
            _ = try await service.joinHousehold(family["Di"], householdId: home.id, role: .parent)
        }
        #expect(refusedJoin == .householdFull(capacity: Household.capacity))
        #expect(try await service.activeHousehold(family["Di"]) == nil)
        #expect(try await service.activeHousehold(family["Ann"])?.members.count == 8)
        let again = await identityError {
            _ = try await service.joinHousehold(family["Bo"], householdId: home.id, role: .parent)
        }
        #expect(again == .alreadyMember("Home"))
    }

    static func guardiansAreAddedAndRemovedButNeverTheLastOne(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann", "Bo", "Cy", "Out"])
        let service = family.service
        let home = try await service.createHousehold(family["Ann"], name: "Home")
        _ = try await service.joinHousehold(family["Bo"], householdId: home.id, role: .parent)
        _ = try await service.joinHousehold(family["Cy"], householdId: home.id, role: .member)
        let mia = try await service.addManagedMember(family["Ann"], displayName: "Mia", avatarKey: "")

        let withBo = try await service.addGuardian(family["Ann"], member: "mia", email: " BO@example.com")
        #expect(withBo.guardianAccountIds == [family["Ann"].accountId, family["Bo"].accountId])
        #expect(try await service.addGuardian(family["Ann"], member: "Mia", email: email("Bo")) == withBo)

        let notGuardian = await identityError { _ = try await service.removeMember(family["Cy"], "Mia") }
        #expect(notGuardian?.description == "Only a guardian of Mia can do that")
        let outsider = await identityError {
            _ = try await service.addGuardian(family["Ann"], member: "Mia", email: email("Out"))
        }
        #expect(outsider?.description == "No member named out@example.com")
        let independent = await identityError {
            _ = try await service.addGuardian(family["Ann"], member: "Cy Tester", email: email("Bo"))
        }
        #expect(independent == .notManaged("Cy Tester"))

        let onlyBo = try await service.removeGuardian(family["Bo"], member: mia.memberId, email: email("Ann"))
        #expect(onlyBo.guardianAccountIds == [family["Bo"].accountId])
        let last = await identityError {
            _ = try await service.removeGuardian(family["Bo"], member: "Mia", email: email("Bo"))
        }
        #expect(last?.description == "Mia needs at least one guardian")
        let annNoLonger = await identityError {
            _ = try await service.removeGuardian(family["Ann"], member: "Mia", email: email("Bo"))
        }
        #expect(annNoLonger == .notGuardian("Mia"))
        #expect(
            try await service.activeHousehold(family["Ann"])?.member(mia.memberId)?.guardianAccountIds
                == [family["Bo"].accountId])
    }

    static func theLastGuardianCannotLeaveOrBeRemoved(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann", "Bo"])
        let service = family.service
        let home = try await service.createHousehold(family["Ann"], name: "Home")
        _ = try await service.joinHousehold(family["Bo"], householdId: home.id, role: .parent)
        let mia = try await service.addManagedMember(family["Bo"], displayName: "Mia", avatarKey: "")

        let leave = await identityError { try await service.leaveHousehold(family["Bo"], "Home") }
        #expect(leave?.description == "Mia has no other guardian. Add another guardian or remove Mia first.")
        let removed = await identityError { _ = try await service.removeMember(family["Ann"], "Bo Tester") }
        #expect(removed == .lastGuardian("Mia"))
        #expect(try await service.activeHousehold(family["Bo"])?.id == home.id)

        _ = try await service.addGuardian(family["Bo"], member: "Mia", email: email("Ann"))
        try await service.leaveHousehold(family["Bo"], home.id)
        let after = try await service.activeHousehold(family["Ann"])
        #expect(after?.member(family["Bo"].accountId) == nil)
        #expect(after?.member(mia.memberId)?.guardianAccountIds == [family["Ann"].accountId])
        #expect(try await service.activeHousehold(family["Bo"]) == nil)
        #expect(try await service.households(family["Bo"]).isEmpty)
    }

    static func ownerRemovesIndependentMembersAndCannotLeave(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann", "Bo", "Cy"])
        let service = family.service
        let home = try await service.createHousehold(family["Ann"], name: "Home")
        _ = try await service.joinHousehold(family["Bo"], householdId: home.id, role: .parent)
        _ = try await service.joinHousehold(family["Cy"], householdId: home.id, role: .parent)

        let ownerLeaves = await identityError { try await service.leaveHousehold(family["Ann"], "Home") }
        #expect(ownerLeaves?.description == "The owner of Home cannot leave it")
        let notOwner = await identityError { _ = try await service.removeMember(family["Bo"], "Cy Tester") }
        #expect(notOwner?.description == "Only the owner of Home can do that")
        let removeOwner = await identityError { _ = try await service.removeMember(family["Ann"], "Ann Tester") }
        #expect(removeOwner == .ownerCannotLeave("Home"))

        let cy = try await service.removeMember(family["Ann"], "cy tester")
        #expect(cy.memberId == family["Cy"].accountId)
        #expect(try await service.activeHousehold(family["Cy"]) == nil)
        try await service.leaveHousehold(family["Bo"], "home")
        #expect(try await service.activeHousehold(family["Ann"])?.members.map(\.memberId) == [family["Ann"].accountId])
    }

    static func ambiguousAndUnknownMemberNames(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann"])
        let service = family.service
        let ann = family["Ann"]
        _ = try await service.createHousehold(ann, name: "Home")
        let first = try await service.addManagedMember(ann, displayName: "Sam", avatarKey: "")
        let second = try await service.addManagedMember(ann, displayName: "sam", avatarKey: "")
        let ambiguous = await identityError { _ = try await service.removeMember(ann, "SAM") }
        #expect(
            ambiguous?.description == "SAM is ambiguous: Sam (\(first.memberId)), sam (\(second.memberId))")
        #expect(try await service.removeMember(ann, second.memberId) == second)
        #expect(try await service.removeMember(ann, "SAM") == first)
        let unknown = await identityError { _ = try await service.removeMember(ann, "Kim") }
        #expect(unknown?.description == "No member named Kim")
        let me = await identityError { _ = try await service.removeMember(ann, "me") }
        #expect(me == .notFound(.member, "me"))
    }

    static func severalHouseholdsOneActivePerAccount(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann", "Bo"])
        let service = family.service
        let ann = family["Ann"]
        let bo = family["Bo"]
        let first = try await service.createHousehold(ann, name: "Home")
        let second = try await service.createHousehold(ann, name: "Cabin")
        #expect(try await service.activeHousehold(ann)?.id == second.id)
        #expect(try await service.households(ann).map(\.id) == [first.id, second.id])
        #expect(try await service.useHousehold(ann, "home").id == first.id)
        #expect(try await service.activeHousehold(ann)?.id == first.id)
        #expect(try await service.activeHousehold(bo) == nil)
        #expect(
            await identityError { _ = try await service.addManagedMember(bo, displayName: "Kim", avatarKey: "") }
                == .noActiveHousehold)

        _ = try await service.joinHousehold(bo, householdId: first.id, role: .parent)
        family.env.clock.advance(by: 60)
        _ = try await service.joinHousehold(bo, householdId: second.id, role: .parent)
        let third = try await service.createHousehold(bo, name: "Bo's")
        _ = try await service.useHousehold(bo, second.id)
        try await service.leaveHousehold(bo, "Cabin")
        // The most recently joined remaining household becomes active.
        #expect(try await service.activeHousehold(bo)?.id == third.id)
        #expect(try await service.activeHousehold(ann)?.id == first.id)

        _ = try await service.createHousehold(ann, name: "home")
        let ambiguous = await identityError { _ = try await service.useHousehold(ann, "HOME") }
        #expect(ambiguous?.description.hasPrefix("HOME is ambiguous: Home (\(first.id)), home (") == true)
        #expect(
            await identityError { _ = try await service.useHousehold(ann, "Castle") }?.description
                == "No household named Castle")
        #expect(
            await identityError { _ = try await service.useHousehold(bo, "Cabin") } == .notFound(.household, "Cabin"))
    }

    static func renameIsForTheOwnerAndNamesFollowAccounts(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann", "Bo"])
        let service = family.service
        let home = try await service.createHousehold(family["Ann"], name: "Home")
        _ = try await service.joinHousehold(family["Bo"], householdId: home.id, role: .parent)
        let notOwner = await identityError { _ = try await service.renameHousehold(family["Bo"], name: "Mine") }
        #expect(notOwner == .notHouseholdOwner("Home"))
        #expect(try await service.renameHousehold(family["Ann"], name: "Lee Family").name == "Lee Family")
        _ = try await service.changeName(family["Bo"], firstName: "Bob", lastName: "Lee")
        let members = try await service.activeHousehold(family["Ann"])?.members
        #expect(members?.map(\.displayName) == ["Ann Tester", "Bob Lee"])
        #expect(members?.map(\.role) == [.owner, .parent])
    }

    static func actingRecordsKeepTheMembersNameAfterRemoval(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann"])
        let service = family.service
        let ann = family["Ann"]
        _ = try await service.createHousehold(ann, name: "Home")
        let mia = try await service.addManagedMember(ann, displayName: "Mia", avatarKey: "")
        var acting = ann
        acting.actingAs = ActingAs(memberId: mia.memberId, displayName: mia.displayName)
        _ = try await service.ask(acting, try ApprovalAsk(title: "Minecraft"))
        let record = try await service.actingRecords(ann).first
        #expect(record?.actorAccountId == ann.accountId)
        #expect(record?.subjectMemberId == mia.memberId)
        _ = try await service.removeMember(ann, "Mia")
        let records = try await service.actingRecords(ann)
        #expect(records.count == 1)
        #expect(records.first?.subjectDisplayName == "Mia")
        #expect(records.first?.action == "ask Minecraft")
        #expect(records.first?.at == family.env.clock.now())
    }

    static func guardiansSeeEveryRecordForTheirMember(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env, ["Ann", "Bo", "Cy"])
        let service = family.service
        let home = try await service.createHousehold(family["Ann"], name: "Home")
        _ = try await service.joinHousehold(family["Bo"], householdId: home.id, role: .parent)
        _ = try await service.joinHousehold(family["Cy"], householdId: home.id, role: .member)
        let mia = try await service.addManagedMember(family["Ann"], displayName: "Mia", avatarKey: "")
        let max = try await service.addManagedMember(family["Ann"], displayName: "Max", avatarKey: "")
        _ = try await service.addGuardian(family["Ann"], member: "Mia", email: email("Bo"))
        func acting(_ name: String, as member: Member) -> Principal {
            var principal = family[name]
            principal.actingAs = ActingAs(memberId: member.memberId, displayName: member.displayName)
            return principal
        }
        _ = try await service.ask(acting("Ann", as: mia), try ApprovalAsk(title: "prefs theme dark"))
        _ = try await service.ask(acting("Bo", as: mia), try ApprovalAsk(title: "prefs font large"))
        _ = try await service.ask(acting("Ann", as: max), try ApprovalAsk(title: "prefs theme light"))

        for guardian in ["Ann", "Bo"] {
            let records = try await service.memberActivity(family[guardian], member: "Mia")
            #expect(records.map(\.action) == ["ask prefs theme dark", "ask prefs font large"])
            #expect(records.map(\.actorAccountId) == [family["Ann"].accountId, family["Bo"].accountId])
        }
        // Bo does not guard Max; Cy guards nobody; nobody audits while acting.
        #expect(
            await identityError { _ = try await service.memberActivity(family["Bo"], member: "Max") }
                == .notGuardian("Max"))
        #expect(
            await identityError { _ = try await service.memberActivity(family["Cy"], member: "Mia") }
                == .notGuardian("Mia"))
        #expect(
            await identityError { _ = try await service.memberActivity(acting("Ann", as: mia), member: "Mia") }
                == .notWhileActing("Mia"))
        #expect(
            await identityError { _ = try await service.memberActivity(family["Ann"], member: "Ann Tester") }
                == .notManaged("Ann Tester"))
        // Bo's own records still show only what Bo did.
        #expect(try await service.actingRecords(family["Bo"]).map(\.action) == ["ask prefs font large"])
    }

}
