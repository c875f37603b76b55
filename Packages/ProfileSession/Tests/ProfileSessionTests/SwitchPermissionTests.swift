import Accounts
import Foundation
import Households
import IdentityTesting
import ProfileSession
import Testing

/// Generated households, checked against a reference written here from DOMAIN.md, not from the code under test.
@Suite("Switch permissions (exhaustive)")
struct SwitchPermissionTests {
    // MARK: - The test's own model of what it created

    struct ModelMember {
        let id: String
        let name: String
        let managed: Bool
        var guardians: [String]
    }

    struct ModelHousehold {
        let id: String
        var members: [ModelMember]
    }

    struct Model {
        var households: [ModelHousehold] = []
        var active: [String: String] = [:]

        func household(_ id: String) -> ModelHousehold? { households.first { $0.id == id } }

        mutating func update(_ id: String, _ change: (inout ModelHousehold) -> Void) {
            guard let index = households.firstIndex(where: { $0.id == id }) else { return }
            change(&households[index])
        }
    }

    /// DOMAIN.md: "A itself first, then the managed members of A's active household that A guards, in creation
    /// order. Nothing else."
    static func reference(_ accountId: String, _ model: Model) -> [String] {
        var ids = [accountId]
        if let activeId = model.active[accountId], let household = model.household(activeId),
            household.members.contains(where: { $0.id == accountId && !$0.managed })
        {
            for member in household.members where member.managed && member.guardians.contains(accountId) {
                ids.append(member.id)
            }
        }
        return ids
    }

    struct Person {
        let name: String
        let process: DeviceProcess
        let principal: Principal
        var id: String { principal.accountId }
        var displayName: String { "\(name) Tester" }
    }

    // MARK: - Generation

    static func generate(seed: UInt64) async throws -> (people: [Person], model: Model, everyMember: [ModelMember]) {
        var rng = SeededGenerator(seed: seed)
        let device = Device(seed: seed)
        var people: [Person] = []
        for name in ["Ava", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus"] {
            let process = device.process()
            try await process.signUp(name)
            people.append(Person(name: name, process: process, principal: try await process.me()))
        }
        var model = Model()
        var everyMember: [ModelMember] = []

        // Four households, owned by the first four people.
        for index in 0..<4 {
            let owner = people[index]
            let household = try await owner.process.identity.createHousehold(owner.principal, name: "House \(index)")
            model.households.append(
                ModelHousehold(
                    id: household.id,
                    members: [ModelMember(id: owner.id, name: owner.displayName, managed: false, guardians: [])]))
            model.active[owner.id] = household.id
        }
        // Joins: everyone but Gus joins some other households (Gus stays in none).
        for person in people.dropLast() {
            for household in model.households
            where !household.members.contains(where: { $0.id == person.id }) && Bool.random(using: &rng) {
                _ = try await person.process.identity.joinHousehold(
                    person.principal, householdId: household.id, role: Bool.random(using: &rng) ? .parent : .member)
                model.update(household.id) {
                    $0.members.append(
                        ModelMember(id: person.id, name: person.displayName, managed: false, guardians: []))
                }
                model.active[person.id] = household.id
            }
        }
        func person(_ id: String) -> Person { people.first { $0.id == id }! }
        func use(_ person: Person, _ householdId: String) async throws {
            _ = try await person.process.identity.useHousehold(person.principal, householdId)
            model.active[person.id] = householdId
        }
        // Managed members, each added by an independent member of a random household.
        for number in 1...14 {
            let household = model.households.randomElement(using: &rng)!
            guard household.members.count < Household.capacity else { continue }
            let adder = person(household.members.filter { !$0.managed }.randomElement(using: &rng)!.id)
            try await use(adder, household.id)
            let member = try await adder.process.identity.addManagedMember(
                adder.principal, displayName: "Kid \(number)", avatarKey: "")
            let modelMember = ModelMember(
                id: member.memberId, name: "Kid \(number)", managed: true, guardians: [adder.id])
            model.update(household.id) { $0.members.append(modelMember) }
            everyMember.append(modelMember)
        }
        // Second guardians for some, by their first guardian.
        for household in model.households {
            for member in household.members where member.managed && Int.random(in: 0..<10, using: &rng) < 4 {
                let others = household.members.filter { !$0.managed && !member.guardians.contains($0.id) }
                guard let other = others.randomElement(using: &rng) else { continue }
                let guardian = person(member.guardians[0])
                try await use(guardian, household.id)
                _ = try await guardian.process.identity.addGuardian(
                    guardian.principal, member: member.id, email: email(person(other.id).name))
                model.update(household.id) { household in
                    if let index = household.members.firstIndex(where: { $0.id == member.id }) {
                        household.members[index].guardians.append(other.id)
                    }
                }
            }
        }
        // Some removals, by a guardian.
        for household in model.households {
            for member in household.members where member.managed && Int.random(in: 0..<10, using: &rng) < 2 {
                let guardian = person(member.guardians.randomElement(using: &rng)!)
                try await use(guardian, household.id)
                _ = try await guardian.process.identity.removeMember(guardian.principal, member.id)
                model.update(household.id) { $0.members.removeAll { $0.id == member.id } }
            }
        }
        // Finally each person picks an active household among theirs.
        for person in people {
            let theirs = model.households.filter { $0.members.contains { $0.id == person.id } }
            if let household = theirs.randomElement(using: &rng) { try await use(person, household.id) }
        }
        return (people, model, everyMember)
    }

    // MARK: - The test

    @Test(
        "each account's switchable set is the reference's; every other switch is refused alike",
        arguments: [1, 2, 3, 42] as [UInt64])
    func exhaustive(seed: UInt64) async throws {
        let (people, model, everyMember) = try await Self.generate(seed: seed)

        // The generated data has what the check needs.
        #expect(model.households.count >= 3)
        #expect(
            people.contains { person in
                model.households.filter { $0.members.contains { $0.id == person.id } }.count >= 2
            })
        let managed = model.households.flatMap(\.members).filter(\.managed)
        #expect(managed.contains { $0.guardians.count == 1 })
        #expect(managed.contains { $0.guardians.count == 2 })
        #expect(model.households.contains { $0.members.filter { !$0.managed }.count >= 2 })
        #expect(people.contains { Self.reference($0.id, model).count > 1 })
        // Someone shares a household with managed members it does not guard.
        #expect(
            people.contains { person in
                guard let active = model.active[person.id], let household = model.household(active) else {
                    return false
                }
                return household.members.contains { $0.managed && !$0.guardians.contains(person.id) }
            })

        let madeUp = [
            "managed_00000000-0000-4000-8000-000000000000", "managed_", UUID().uuidString.lowercased(), "", "   ",
            "nobody", "Kid", "Kid 0", "primary", "managed_\(everyMember.first?.id ?? "")",
        ]
        let references: [String] =
            people.map(\.id) + everyMember.map(\.id) + people.map(\.displayName) + everyMember.map(\.name)
            + madeUp

        var switches = 0
        for person in people {
            let manager = person.process.manager()
            let expected = Self.reference(person.id, model)
            let profiles = try await manager.refresh()
            #expect(profiles.map(\.memberId) == expected, "\(person.name)")
            #expect(profiles.first?.typeLabel == "You")
            #expect(profiles.dropFirst().allSatisfy { $0.typeLabel == "Family Member" && $0.isManaged })

            let allowedNames = Set(
                expected.compactMap { id in
                    id == person.id ? person.displayName : everyMember.first { $0.id == id }?.name
                })
            for reference in references {
                let before = await manager.activeProfile
                let allowed = expected.contains(reference) || allowedNames.contains(reference)
                switches += 1
                if allowed {
                    let profile = try await manager.switch(to: reference)
                    #expect(profile.memberId == reference || profile.displayName == reference)
                    let principal = try #require(try await manager.currentPrincipal())
                    #expect(principal.accountId == person.id)
                    #expect(principal.actingAs?.memberId == (profile.isManaged ? profile.memberId : nil))
                    #expect(principal.subjectMemberId == profile.memberId)
                } else {
                    let message = await refusal { try await manager.switch(to: reference) }
                    #expect(message == notAvailable, "\(person.name) → \(reference)")
                    #expect(await manager.activeProfile == before)
                }
            }
        }
        #expect(switches == people.count * references.count)
    }
}
