import Accounts
import Foundation

// MARK: - The account's sessions (DOMAIN.md "Leaving, and taking your data")

extension LocalIdentityService {
    public func sessions(_ principal: Principal) async throws -> [SessionActivity] {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.read { transaction in
                let account = try transaction.authenticate(principal, at: now)
                return try transaction.sessions(accountId: account.id, liveAt: now).map { session in
                    var session = session
                    session.current = session.id == principal.sessionId
                    return session
                }
            }
        }
    }

    public func endSession(_ principal: Principal, id: String) async throws {
        try await asSelf(principal) {
            let id = id.trimmingWhitespace()
            guard id != principal.sessionId else { throw IdentityError.thisSession }
            let now = clock.now()
            let random = random
            try await store.write(durability: .immediate) { transaction in
                let account = try transaction.authenticate(principal, at: now)
                // Another account's session reads as an unknown one: ids are not probed.
                guard let session = try transaction.session(id: id), session.accountId == account.id,
                    session.isLive(at: now)
                else { throw IdentityError.notFound(.session, id) }
                try transaction.endSession(session, reason: .ended, at: now, random: random)
            }
        }
    }

    public func endOtherSessions(_ principal: Principal) async throws -> Int {
        try await asSelf(principal) {
            let now = clock.now()
            let random = random
            return try await store.write(durability: .immediate) { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let others = try transaction.sessions(accountId: account.id, liveAt: now)
                    .filter { $0.id != principal.sessionId }
                try transaction.endSessions(
                    accountId: account.id, except: principal.sessionId, reason: .endOthers, at: now, random: random)
                return others.count
            }
        }
    }

    /// Records that `session` was used at `now`: a separate small write, only when its stored "last used" is
    /// `SessionActivity.interval` old, and then only if it still is (another server may have written it meanwhile).
    /// Authenticating itself never writes, so a read stays a read.
    func noteUse(of session: Session, at now: Date) async throws {
        guard SessionActivity.isDue(lastUsedAt: session.lastUsedAt, at: now) else { return }
        let cutoff = now.addingTimeInterval(-SessionActivity.interval)
        try await store.write { try $0.touchSession(id: session.id, at: now, ifLastUsedAtOrBefore: cutoff) }
    }
}
