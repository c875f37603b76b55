import Accounts
import Foundation
import Kernel

/// The exit PINs' rules (`ExitPinService`) over any store with the households part: the local service's part, which
/// `LocalIdentityService` composes over its own store.
public struct LocalExitPinService: ExitPinService {
    /// The households part of the store (Identity's, narrowed).
    let store: any TransactionalStore<any HouseholdsStoreTransaction>
    let clock: any WallClock
    /// Hashes a new PIN and checks a given one, like a password.
    let hasher: any PasswordHasher
    /// Checks a guardian's password against what was read for it, by the accounts part's rules ("Email or password is
    /// incorrect"; an account without a password is checked against a dummy hash, so the time taken tells nothing).
    let verifyPassword: @Sendable (String, PasswordCandidate) async throws -> PasswordCandidate

    /// The exit PINs kept in `store`, at `clock`'s time.
    package init(
        store: any TransactionalStore<any HouseholdsStoreTransaction>, clock: any WallClock, hasher: any PasswordHasher,
        verifyPassword: @escaping @Sendable (String, PasswordCandidate) async throws -> PasswordCandidate
    ) {
        self.store = store
        self.clock = clock
        self.hasher = hasher
        self.verifyPassword = verifyPassword
    }

    /// Runs `body` unless `principal` acts as a managed member: a PIN is the guardian's own business ("Not available
    /// while viewing as NAME. Switch back first.").
    private func asSelf<T: Sendable>(_ principal: Principal, _ body: () async throws -> T) async throws -> T {
        try principal.requireActingAsSelf()
        return try await body()
    }

    public func exitPinStatus(_ principal: Principal, member reference: String) async throws -> ExitPinStatus {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.read { transaction in
                let member = try Self.pinnedMember(principal, reference, transaction, now: now)
                return ExitPinStatus(member: member, isSet: try transaction.exitPin(memberId: member.memberId) != nil)
            }
        }
    }

    public func setExitPin(
        _ principal: Principal, member reference: String, password: String, pin: String
    ) async throws -> Member {
        try await asSelf(principal) {
            let now = clock.now()
            let (member, candidate) = try await guardianCandidate(principal, reference, now: now)
            try ExitPinRules.validate(pin)
            let verified = try await verifyPassword(password, candidate)
            // Hashed like a password, before the write transaction opens.
            let pinHash = try await hasher.hash(pin)
            return try await store.write(durability: .immediate) { transaction in
                _ = try transaction.requireUnchanged(verified)
                let fresh = try Self.pinnedMember(principal, member.memberId, transaction, now: now)
                try transaction.saveExitPin(ExitPinRecord(memberId: fresh.memberId, pinHash: pinHash))
                return fresh
            }
        }
    }

    public func clearExitPin(_ principal: Principal, member reference: String, password: String) async throws -> Member
    {
        try await asSelf(principal) {
            let now = clock.now()
            let (member, candidate) = try await guardianCandidate(principal, reference, now: now)
            let verified = try await verifyPassword(password, candidate)
            return try await store.write(durability: .immediate) { transaction in
                _ = try transaction.requireUnchanged(verified)
                let fresh = try Self.pinnedMember(principal, member.memberId, transaction, now: now)
                guard try transaction.exitPin(memberId: fresh.memberId) != nil else {
                    throw IdentityError.noExitPin(fresh.displayName)
                }
                try transaction.deleteExitPin(memberId: fresh.memberId)
                return fresh
            }
        }
    }

    public func verifyExitPin(_ principal: Principal, member reference: String, pin: String) async throws {
        let now = clock.now()
        // The reference (an id or a name, as typed or sent in a path) is resolved once; everything after reads and
        // writes the member it resolved to, never the text.
        let (member, stored) = try await store.read { transaction -> (Member, ExitPinRecord) in
            let member = try Self.pinnedMember(principal, reference, transaction, now: now)
            // Fails closed: a member without a PIN is refused, never taken as given the right one.
            guard let record = try transaction.exitPin(memberId: member.memberId) else {
                throw IdentityError.noExitPin(member.displayName)
            }
            return (member, record)
        }
        // Only wrong PINs count; while blocked nothing is checked, so refusals never extend the block.
        let limiter = RateLimiter(rule: .exitPins)
        if case .locked(_, let seconds) = limiter.decision(for: stored.attempts, at: now) {
            throw IdentityError.tooManyWrongPins(retryAfter: seconds)
        }
        let right = await hasher.verify(pin, against: stored.pinHash)
        // The attempt is written whatever its outcome, so a refusal is thrown only after the commit.
        let refusal = try await store.write(durability: .immediate) { transaction -> IdentityError? in
            // Cleared meanwhile: as above, nothing to check against.
            guard var record = try transaction.exitPin(memberId: member.memberId) else {
                return .noExitPin(member.displayName)
            }
            if case .locked(_, let seconds) = limiter.decision(for: record.attempts, at: now) {
                return .tooManyWrongPins(retryAfter: seconds)
            }
            if right && record.pinHash == stored.pinHash {
                // The right PIN forgets the wrong ones: the guardian is there.
                record.attempts = .fresh
                try transaction.saveExitPin(record)
                return nil
            }
            record.attempts = limiter.recordingFailure(record.attempts, at: now)
            try transaction.saveExitPin(record)
            if case .locked(_, let seconds) = limiter.decision(for: record.attempts, at: now) {
                return .tooManyWrongPins(retryAfter: seconds)
            }
            return .wrongPin
        }
        if let refusal { throw refusal }
    }

    // MARK: - Helpers

    /// The member whose PIN a guardian sets or clears, and the guardian's password hash to verify outside any
    /// transaction: who may (a guardian of it) is decided before the password is checked.
    private func guardianCandidate(
        _ principal: Principal, _ reference: String, now: Date
    ) async throws -> (Member, PasswordCandidate) {
        try await store.read { transaction in
            let member = try Self.pinnedMember(principal, reference, transaction, now: now)
            let account = try transaction.authenticate(principal, at: now)
            let hash = try transaction.passwordHash(accountId: account.id)
            return (member, PasswordCandidate(account: account, passwordHash: hash))
        }
    }

    /// The managed member of the active household that the principal's account guards.
    private static func pinnedMember(
        _ principal: Principal, _ reference: String, _ transaction: any HouseholdsStoreTransaction, now: Date
    ) throws -> Member {
        let account = try transaction.authenticate(principal, at: now)
        let household = try transaction.requireActiveHousehold(accountId: account.id)
        return try household.guardedMember(reference, by: account.id)
    }
}
