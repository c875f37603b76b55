import Accounts
import Foundation
import Households
import Kernel

// MARK: - Households

extension LocalIdentityService {
    public func activeHousehold(_ principal: Principal) async throws -> Household? {
        let now = clock.now()
        return try await store.read { transaction in
            let account = try transaction.authenticate(principal, at: now)
            return try transaction.activeHousehold(accountId: account.id)
        }
    }

    public func households(_ principal: Principal) async throws -> [Household] {
        let now = clock.now()
        return try await store.read { transaction in
            let account = try transaction.authenticate(principal, at: now)
            return try transaction.filledHouseholds(memberAccountId: account.id)
        }
    }

    public func createHousehold(_ principal: Principal, name: String) async throws -> Household {
        try await asSelf(principal) {
            let name = try Self.validName(name, field: "household name", .householdName)
            let now = clock.now()
            let random = random
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                return try HouseholdMembership.create(
                    transaction, id: random.uuidString(), name: name, owner: account, now: now)
            }
        }
    }

    public func renameHousehold(_ principal: Principal, name: String) async throws -> Household {
        try await asSelf(principal) {
            let name = try Self.validName(name, field: "household name", .householdName)
            let now = clock.now()
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                var household = try transaction.requireActiveHousehold(accountId: account.id)
                guard household.ownerAccountId == account.id else {
                    throw IdentityError.notHouseholdOwner(household.name)
                }
                try transaction.renameHousehold(id: household.id, name: name)
                household.name = name
                return household
            }
        }
    }

    public func useHousehold(_ principal: Principal, _ reference: String) async throws -> Household {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try Self.resolveHousehold(reference, of: account.id, transaction)
                try transaction.setActiveHouseholdId(household.id, accountId: account.id)
                return household
            }
        }
    }

    public func leaveHousehold(_ principal: Principal, _ reference: String) async throws {
        try await asSelf(principal) {
            let now = clock.now()
            let random = random
            try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try Self.resolveHousehold(reference, of: account.id, transaction)
                try HouseholdMembership.leave(transaction, household: household, accountId: account.id)
                if let member = household.member(account.id) {
                    try transaction.emitMembership(
                        IdentityEvents.householdMemberRemoved, member, householdId: household.id, at: now,
                        random: random)
                }
            }
        }
    }

    public func joinHousehold(
        _ principal: Principal, householdId: String, role: HouseholdRole
    ) async throws -> Household {
        try await asSelf(principal) {
            let now = clock.now()
            let random = random
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try HouseholdMembership.join(
                    transaction, householdId: householdId, account: account, role: role, now: now)
                if let member = household.member(account.id) {
                    try transaction.emitMembership(
                        IdentityEvents.householdMemberAdded, member, householdId: household.id, at: now,
                        random: random)
                }
                return household
            }
        }
    }

    // MARK: - Members

    public func addManagedMember(_ principal: Principal, displayName: String, avatarKey: String) async throws -> Member
    {
        try await asSelf(principal) {
            let name = try Self.validName(displayName, field: "name", .memberName)
            guard !ReferenceResolver.isReserved(name) else { throw IdentityError.reservedName(name) }
            let avatarKey = avatarKey.trimmingCharacters(in: .whitespacesAndNewlines)
            let now = clock.now()
            let random = random
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try transaction.requireActiveHousehold(accountId: account.id)
                guard household.members.count < Household.capacity else {
                    throw IdentityError.householdFull(capacity: Household.capacity)
                }
                let member = Member(
                    memberId: Member.managedPrefix + random.uuidString(), displayName: name, kind: .managed,
                    role: .member,
                    avatarKey: avatarKey, guardianAccountIds: [account.id], addedAt: now)
                try transaction.insertMember(member, householdId: household.id)
                try transaction.emitMembership(
                    IdentityEvents.householdMemberAdded, member, householdId: household.id, at: now, random: random)
                return member
            }
        }
    }

    public func removeMember(_ principal: Principal, _ reference: String) async throws -> Member {
        try await asSelf(principal) {
            let now = clock.now()
            let random = random
            return try await store.write(durability: .immediate) { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try transaction.requireActiveHousehold(accountId: account.id)
                let member = try Self.resolveMember(reference, in: household)
                try HouseholdMembership.remove(transaction, member: member, from: household, by: account.id)
                try transaction.emitMembership(
                    IdentityEvents.householdMemberRemoved, member, householdId: household.id, at: now, random: random)
                return member
            }
        }
    }

    public func addGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member {
        try await asSelf(principal) {
            let now = clock.now()
            let random = random
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try transaction.requireActiveHousehold(accountId: account.id)
                var member = try Self.guardedMember(reference, by: account.id, in: household)
                let guardian = try Self.independentMember(email: email, in: household, transaction)
                guard !member.guardianAccountIds.contains(guardian.id) else { return member }
                member.guardianAccountIds.append(guardian.id)
                try transaction.updateMember(member, householdId: household.id)
                try transaction.emit(
                    IdentityEvents.guardianAdded,
                    subject: EventSubject(accountId: guardian.id, memberId: member.memberId, householdId: household.id),
                    at: now, random: random)
                return member
            }
        }
    }

    public func removeGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member {
        try await asSelf(principal) {
            let now = clock.now()
            let random = random
            return try await store.write(durability: .immediate) { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try transaction.requireActiveHousehold(accountId: account.id)
                var member = try Self.guardedMember(reference, by: account.id, in: household)
                let trimmed = try EmailAddress.validate(email)
                let key = EmailAddress.comparisonKey(trimmed)
                let guardianIds = member.guardianAccountIds
                guard
                    let guardianId = try guardianIds.first(where: { id in
                        try transaction.account(id: id).map { EmailAddress.comparisonKey($0.email) == key } ?? false
                    })
                else { throw IdentityError.notFound(.member, trimmed) }
                guard member.guardianAccountIds.count > 1 else { throw IdentityError.needsGuardian(member.displayName) }
                member.guardianAccountIds.removeAll { $0 == guardianId }
                try transaction.updateMember(member, householdId: household.id)
                try transaction.emit(
                    IdentityEvents.guardianRemoved,
                    subject: EventSubject(accountId: guardianId, memberId: member.memberId, householdId: household.id),
                    at: now, random: random)
                return member
            }
        }
    }

    // MARK: - Acting records

    public func actingRecords(_ principal: Principal) async throws -> [ActingRecord] {
        let now = clock.now()
        return try await store.read { transaction in
            let account = try transaction.authenticate(principal, at: now)
            return try transaction.actingRecords(actorAccountId: account.id)
        }
    }

    public func memberActivity(_ principal: Principal, member reference: String) async throws -> [ActingRecord] {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.read { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try transaction.requireActiveHousehold(accountId: account.id)
                let member = try Self.guardedMember(reference, by: account.id, in: household)
                // Each guardian by its current name; one whose account was deleted, as such.
                var names: [String: String] = [:]
                return try transaction.actingRecords(subjectMemberId: member.memberId).map { record in
                    var record = record
                    if names[record.actorAccountId] == nil {
                        names[record.actorAccountId] =
                            try transaction.account(id: record.actorAccountId)?.displayName
                            ?? ActingRecord.deletedActorName
                    }
                    record.actorDisplayName = names[record.actorAccountId]
                    return record
                }
            }
        }
    }

    // MARK: - Rules shared by the calls above

    static func resolveHousehold(
        _ reference: String, of accountId: String, _ transaction: any IdentityStoreTransaction
    ) throws -> Household {
        try ReferenceResolver.resolve(
            reference, in: try transaction.filledHouseholds(memberAccountId: accountId), kind: .household,
            id: \.id, name: \.name)
    }

    static func resolveMember(_ reference: String, in household: Household) throws(IdentityError) -> Member {
        try ReferenceResolver.resolve(
            reference, in: household.members, kind: .member, id: \.memberId, name: \.displayName)
    }

    /// A managed member that `accountId` guards, or why not.
    static func guardedMember(
        _ reference: String, by accountId: String, in household: Household
    ) throws(IdentityError) -> Member {
        try household.guardedMember(reference, by: accountId)
    }

    /// The account with `email` among the household's independent members.
    static func independentMember(
        email: String, in household: Household, _ transaction: any IdentityStoreTransaction
    ) throws -> Account {
        let trimmed = try EmailAddress.validate(email)
        guard let account = try transaction.account(email: trimmed),
            household.member(account.id)?.kind == .independent
        else { throw IdentityError.notFound(.member, trimmed) }
        return account
    }
}
