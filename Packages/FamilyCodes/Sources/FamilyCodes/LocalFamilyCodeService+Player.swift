import Accounts
import Foundation
import Households
import Kernel

// MARK: - The player's side

extension LocalFamilyCodeService {
    public func overview(_ principal: Principal) async throws -> FamilyOverview {
        let now = clock.now()
        let role = try await store.read { _, identity in try identity.authenticate(principal, at: now).role }
        switch role {
        case .player: return .player(try await card(principal))
        case .parent: return .parent(try await families(principal))
        case .member: throw FamilyCodeError.onlyPlayers
        }
    }

    public func createFamily(_ principal: Principal) async throws -> FamilyCard {
        try await card(principal)
    }

    public func code(_ principal: Principal) async throws -> FamilyCode {
        try await card(principal).code
    }

    /// The player's family with its code and members: read as is when it exists, else made (not while acting).
    func card(_ principal: Principal) async throws -> FamilyCard {
        let now = clock.now()
        let existing = try await store.read { codes, identity -> FamilyCard? in
            let account = try Self.requirePlayer(principal, at: now, identity)
            guard let family = try Self.ownedFamily(of: account, identity),
                let code = try codes.liveCode(familyId: family.id)
            else { return nil }
            return try Self.card(family, code: code, identity)
        }
        if let existing { return existing }
        // Making the family or its code is a write: refused while acting as a managed member.
        try principal.requireActingAsSelf()
        return try await store.write { codes, identity in
            let account = try Self.requirePlayer(principal, at: now, identity)
            let family = try ensureFamily(of: account, identity, now: now)
            let code = try ensureCode(of: family.id, codes, now: now)
            return try Self.card(family, code: code, identity)
        }
    }

    public func regenerateCode(_ principal: Principal, limits: FamilyCodeLimits) async throws -> FamilyCode {
        try principal.requireActingAsSelf()
        try limits.validate()
        let now = clock.now()
        return try await store.write(durability: .immediate) { codes, identity in
            let account = try Self.requirePlayer(principal, at: now, identity)
            let family = try ensureFamily(of: account, identity, now: now)
            let code = limits.code(try uniqueCode(codes), familyId: family.id, at: now)
            try codes.replaceLiveCode(code)
            return code
        }
    }

    public func members(_ principal: Principal) async throws -> [FamilyMember] {
        let now = clock.now()
        return try await store.read { _, identity in
            let account = try Self.requirePlayer(principal, at: now, identity)
            guard let family = try Self.ownedFamily(of: account, identity) else { return [] }
            return try Self.members(of: family, identity)
        }
    }

    public func removeMember(_ principal: Principal, _ reference: String) async throws -> FamilyMember {
        try principal.requireActingAsSelf()
        let now = clock.now()
        let random = random
        return try await store.write(durability: .immediate) { _, identity in
            let account = try Self.requirePlayer(principal, at: now, identity)
            let family = try Self.ownedFamily(of: account, identity)
            let members = try family.map { try Self.members(of: $0, identity) } ?? []
            let member = try ReferenceResolver.resolve(
                reference, in: members, kind: .member, id: \.memberId, name: \.displayName)
            guard let family, let stored = family.member(member.memberId) else {
                throw IdentityError.notFound(.member, reference)
            }
            try HouseholdMembership.remove(identity, member: stored, from: family, by: account.id)
            try FamilyCodesEvents.emit(
                FamilyCodesEvents.memberRemoved, accountId: stored.memberId, familyId: family.id, identity, at: now,
                random: random)
            return member
        }
    }

    public func usageLog(_ principal: Principal) async throws -> [FamilyCodeUsage] {
        let now = clock.now()
        return try await store.read { codes, identity in
            let account = try Self.requirePlayer(principal, at: now, identity)
            let families = try identity.filledHouseholds(memberAccountId: account.id)
                .filter { $0.ownerAccountId == account.id }
            let familyIds = Set(families.map(\.id))
            let history = try families.flatMap { try codes.codeHistory(familyId: $0.id) }
            return try codes.usage(familyIds: familyIds, codes: Set(history.map(\.code)))
        }
    }

    // MARK: - Rules shared by the calls above

    /// The principal's account when it is a player's.
    static func requirePlayer(
        _ principal: Principal, at now: Date, _ identity: any HouseholdsStoreTransaction
    ) throws -> Account {
        let account = try identity.authenticate(principal, at: now)
        guard account.role == .player else { throw FamilyCodeError.onlyPlayers }
        return account
    }

    /// The player's family: its active household when it owns it, else the first household it owns.
    static func ownedFamily(of account: Account, _ identity: any HouseholdsStoreTransaction) throws -> Household? {
        if let active = try identity.activeHousehold(accountId: account.id), active.ownerAccountId == account.id {
            return active
        }
        return try identity.filledHouseholds(memberAccountId: account.id).first { $0.ownerAccountId == account.id }
    }

    /// The player's family, created as "LASTNAME Family" (and made active) when it owns none.
    func ensureFamily(of account: Account, _ identity: any HouseholdsStoreTransaction, now: Date) throws -> Household {
        if let family = try Self.ownedFamily(of: account, identity) { return family }
        return try HouseholdMembership.create(
            identity, id: random.uuidString(), name: Self.familyName(lastName: account.lastName), owner: account,
            now: now)
    }

    /// "LASTNAME Family", cut to 50 graphemes (a household name's limit).
    static func familyName(lastName: String) -> String {
        let full = "\(lastName.trimmingWhitespace()) Family"
        return String(full.prefix(NameValidator.householdName.maxLength)).trimmingWhitespace()
    }

    /// The family's live code, made when it has none.
    func ensureCode(of familyId: String, _ codes: any FamilyCodeStoreTransaction, now: Date) throws -> FamilyCode {
        if let code = try codes.liveCode(familyId: familyId) { return code }
        let code = FamilyCode(familyId: familyId, code: try uniqueCode(codes), generatedAt: now)
        try codes.replaceLiveCode(code)
        return code
    }

    /// A code no family uses now: drawn again on a collision, up to `maxDraws` times.
    func uniqueCode(_ codes: any FamilyCodeStoreTransaction) throws -> String {
        for _ in 0..<maxDraws {
            let candidate = generator.next()
            if try codes.liveCode(code: candidate) == nil { return candidate }
        }
        throw FamilyCodeError.noUniqueCode
    }

    static func card(
        _ family: Household, code: FamilyCode, _ identity: any HouseholdsStoreTransaction
    ) throws -> FamilyCard {
        FamilyCard(familyId: family.id, name: family.name, code: code, members: try members(of: family, identity))
    }

    /// Everyone in the family but its owner (the player), with emails for accounts.
    static func members(of family: Household, _ identity: any HouseholdsStoreTransaction) throws -> [FamilyMember] {
        try family.members.filter { $0.memberId != family.ownerAccountId }.map { member in
            let account = member.kind == .independent ? try identity.account(id: member.memberId) : nil
            return FamilyMember(
                memberId: member.memberId, accountId: account?.id, displayName: member.displayName,
                email: account?.email, kind: member.kind, role: member.role, addedAt: member.addedAt)
        }
    }
}
