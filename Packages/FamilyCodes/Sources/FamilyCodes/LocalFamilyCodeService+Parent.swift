import Accounts
import Foundation
import Households
import Kernel

// MARK: - The parent's side

extension LocalFamilyCodeService {
    /// How a join transaction ended: refusals are returned, not thrown, so their log rows commit.
    enum JoinOutcome: Sendable {
        case joined(FamilyJoin)
        case refused(FamilyCodeError)
        case full
    }

    public func join(_ principal: Principal, code input: String, origin: String?) async throws -> FamilyJoin {
        try principal.requireActingAsSelf()
        // A malformed code is not an attempt: nothing is counted, logged or looked up.
        let code = try FamilyCodeFormat.code(input)
        let now = clock.now()
        // The account's limit, then the origin's: the same rule shape, each with its own numbers and key.
        let limits =
            [(key: Self.rateLimitKey(accountId: principal.accountId), limiter: limiter)]
            + (origin.map { [(key: Self.rateLimitKey(origin: $0), limiter: originLimiter)] } ?? [])
        let random = random
        let outcome = try await store.write { codes, identity -> JoinOutcome in
            let account = try identity.authenticate(principal, at: now)
            guard account.role == .parent else { throw FamilyCodeError.onlyParentsJoin }
            func log(_ result: FamilyCodeAttemptResult, familyId: String? = nil) throws {
                try codes.insertUsage(
                    FamilyCodeUsage(at: now, accountId: account.id, code: code, familyId: familyId, result: result))
            }
            // The locks alone decide; the failures are read only when there is one more to record. While either
            // is locked nothing is looked up; the wait is the longer one.
            var refusal: (minutes: Int, retryAfter: Int)?
            for limit in limits {
                let lock = RateLimitState(lockedUntil: try codes.rateLimitLock(key: limit.key))
                if case .locked(_, let retryAfter) = limit.limiter.decision(for: lock, at: now),
                    retryAfter > refusal?.retryAfter ?? -1
                {
                    refusal = (Int((limit.limiter.rule.lockout / 60).rounded(.up)), retryAfter)
                }
            }
            if let refusal {
                try log(.rateLimited)
                return .refused(.rateLimited(waitMinutes: refusal.minutes, retryAfterSeconds: refusal.retryAfter))
            }
            func recordFailure() throws {
                for limit in limits {
                    let state = try codes.rateLimitState(key: limit.key)
                    try codes.setRateLimitState(limit.limiter.recordingFailure(state, at: now), key: limit.key)
                }
            }
            guard let family = try codes.liveCode(code: code) else {
                try recordFailure()
                try log(.notFound)
                return .refused(.notFound)
            }
            // Past its expiry or out of uses: a failed attempt like a wrong code, logged for its family. The uses
            // are read and counted in this transaction, so concurrent joins never exceed them.
            guard family.admits(at: now) else {
                try recordFailure()
                try log(.expired, familyId: family.familyId)
                return .refused(.expired)
            }
            do {
                // Identity's rule: it checks before writing, so a refusal leaves no membership behind.
                let household = try HouseholdMembership.join(
                    identity, householdId: family.familyId, account: account, role: .parent, now: now)
                try codes.countUse(ofLiveCode: family.code)
                try log(.joined, familyId: family.familyId)
                try FamilyCodesEvents.emit(
                    FamilyCodesEvents.joined, accountId: account.id, familyId: household.id, identity, at: now,
                    random: random)
                return .joined(FamilyJoin(familyId: household.id, name: household.name))
            } catch IdentityError.alreadyMember {
                try log(.alreadyMember, familyId: family.familyId)
                return .refused(.alreadyMember)
            } catch IdentityError.householdFull {
                try log(.full, familyId: family.familyId)
                return .full
            }
        }
        switch outcome {
        case .joined(let join): return join
        case .refused(let error): throw error
        case .full: throw IdentityError.householdFull(capacity: Household.capacity)
        }
    }

    public func families(_ principal: Principal) async throws -> [JoinedFamily] {
        let now = clock.now()
        return try await store.read { codes, identity in
            let account = try identity.authenticate(principal, at: now)
            guard account.role == .parent else { throw FamilyCodeError.onlyParentsJoin }
            return try Self.joinedFamilies(of: account.id, codes, identity)
        }
    }

    public func leave(_ principal: Principal, _ reference: String) async throws -> JoinedFamily {
        try principal.requireActingAsSelf()
        let now = clock.now()
        let random = random
        return try await store.write { codes, identity in
            let account = try identity.authenticate(principal, at: now)
            guard account.role == .parent else { throw FamilyCodeError.onlyParentsLeave }
            let families = try Self.joinedFamilies(of: account.id, codes, identity)
            var family = try ReferenceResolver.resolve(
                reference, in: families, kind: .family, id: \.familyId, name: \.name)
            guard let household = try identity.filledHousehold(id: family.familyId) else {
                throw IdentityError.notFound(.family, reference)
            }
            try HouseholdMembership.leave(identity, household: household, accountId: account.id)
            try FamilyCodesEvents.emit(
                FamilyCodesEvents.left, accountId: account.id, familyId: household.id, identity, at: now,
                random: random)
            family.isActive = false
            return family
        }
    }

    /// The households the account joined as a parent, in the order it joined them, with their live codes.
    static func joinedFamilies(
        of accountId: String, _ codes: any FamilyCodeStoreTransaction, _ identity: any HouseholdsStoreTransaction
    ) throws -> [JoinedFamily] {
        let activeId = try identity.activeHousehold(accountId: accountId)?.id
        return try identity.filledHouseholds(memberAccountId: accountId).compactMap { household in
            guard let membership = household.member(accountId), membership.role == .parent else { return nil }
            let code = try codes.liveCode(familyId: household.id)
            return JoinedFamily(
                familyId: household.id, name: household.name, code: code?.code, codeGeneratedAt: code?.generatedAt,
                joinedAt: membership.addedAt, isActive: household.id == activeId)
        }
    }
}
