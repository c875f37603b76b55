import Accounts
import Foundation
import Kernel

// MARK: - Ask to approve

/// Ask to approve, maturity ceilings and age ranges (`ApprovalService`) over any store with the households part: the
/// local service's part, which `LocalIdentityService` composes over its own store.
public struct LocalApprovalService: ApprovalService {
    /// The households part of the store (Identity's, narrowed).
    let store: any TransactionalStore<any HouseholdsStoreTransaction>
    let clock: any WallClock
    let random: any RandomSource
    /// Checks the member's exit PIN when a guardian approves in person, while acting as it.
    let exitPins: any ExitPinService

    /// The requests kept in `store`, at `clock`'s time; `exitPins` checks an in-person approval's PIN.
    package init(
        store: any TransactionalStore<any HouseholdsStoreTransaction>, clock: any WallClock, random: any RandomSource,
        exitPins: any ExitPinService
    ) {
        self.store = store
        self.clock = clock
        self.random = random
        self.exitPins = exitPins
    }

    /// Runs `body` unless `principal` acts as a managed member ("Not available while viewing as NAME. Switch back
    /// first.").
    private func asSelf<T: Sendable>(_ principal: Principal, _ body: () async throws -> T) async throws -> T {
        try principal.requireActingAsSelf()
        return try await body()
    }
    public func ask(_ principal: Principal, _ ask: ApprovalAsk) async throws -> AskedApproval {
        guard principal.actingAs != nil else { throw IdentityError.askNeedsActing }
        let now = clock.now()
        let random = random
        try await expireApprovalRequests(at: now)
        return try await store.write { transaction in
            let (account, household, member) = try Self.actedMember(principal, transaction, now: now)
            let waiting = try transaction.approvalRequests(memberId: member.memberId).filter {
                $0.state(at: now) == .pending
            }
            let asked: AskedApproval
            if var same = waiting.first(where: { $0.isSameAsk(as: ask) }) {
                // Asked again: the same request (its title as first asked) waits another full day; what the new ask
                // gives (a price, a rating, a note) replaces what the request had, what it leaves out stays.
                same.memberName = member.displayName
                same.askedByAccountId = account.id
                same.askedAt = now
                same.expiresAt = now.addingTimeInterval(ApprovalRequest.lifetime)
                if ask.price != nil {
                    same.price = ask.price
                    same.currency = ask.currency
                }
                same.rating = ask.rating ?? same.rating
                same.note = ask.note ?? same.note
                try transaction.updateApprovalRequest(same)
                asked = AskedApproval(request: same.seen(at: now), renewed: true)
                try Self.emitRequested(same, renewed: true, transaction, at: now, random: random)
            } else {
                guard waiting.count < ApprovalRequest.maxPending else { throw IdentityError.tooManyPendingRequests }
                let request = ApprovalRequest(
                    id: random.uuidString(), householdId: household.id, memberId: member.memberId,
                    memberName: member.displayName, askedByAccountId: account.id, ask: ask, createdAt: now,
                    askedAt: now, expiresAt: now.addingTimeInterval(ApprovalRequest.lifetime))
                try transaction.insertApprovalRequest(request)
                asked = AskedApproval(request: request.seen(at: now), renewed: false)
                try Self.emitRequested(request, renewed: false, transaction, at: now, random: random)
            }
            // A write made while acting, so the guardians' audit shows it.
            try transaction.recordActing("ask \(ask.title)", by: account, as: member, at: now, random: random)
            return asked
        }
    }

    public func requests(_ principal: Principal) async throws -> [ApprovalRequest] {
        guard principal.actingAs != nil else { throw IdentityError.askNeedsActing }
        let now = clock.now()
        return try await store.read { transaction in
            let member = try Self.actedMember(principal, transaction, now: now).member
            return try transaction.approvalRequests(memberId: member.memberId).map { $0.seen(at: now) }
        }
    }

    public func approvals(_ principal: Principal) async throws -> [ApprovalRequest] {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.read { transaction in
                let account = try transaction.authenticate(principal, at: now)
                return try Self.guardedRequests(of: account.id, transaction).map { $0.seen(at: now) }
                    .filter { $0.state == .pending }
                    .sorted { $0.askedAt > $1.askedAt }
            }
        }
    }

    public func approve(
        _ principal: Principal, request reference: String, note: String?, pin: String?
    ) async throws -> ApprovalRequest {
        try await answer(principal, reference, approved: true, note: note, pin: pin)
    }

    public func decline(_ principal: Principal, request reference: String, note: String?) async throws
        -> ApprovalRequest
    {
        try await answer(principal, reference, approved: false, note: note, pin: nil)
    }

    /// The one way a request is answered. While acting only approving is allowed, and only with the member's exit
    /// PIN, checked (and a wrong one counted) by the exit lock's own check before anything is written.
    private func answer(
        _ principal: Principal, _ reference: String, approved: Bool, note: String?, pin: String?
    ) async throws -> ApprovalRequest {
        let note = try ApprovalAsk.checkedNote(note)
        var inPerson = false
        if let acting = principal.actingAs {
            guard approved, let pin else { throw IdentityError.approvalNeedsPin(acting.displayName) }
            let now = clock.now()
            // The request must be the member's before a PIN is tried: a wrong reference is not a wrong PIN.
            _ = try await store.read { transaction in
                try Self.answerable(reference, principal, transaction, now: now).id
            }
            try await exitPins.verifyExitPin(principal, member: acting.memberId, pin: pin)
            inPerson = true
        }
        // Read after the PIN's check, which may have taken a while (hashing).
        let now = clock.now()
        let random = random
        try await expireApprovalRequests(at: now)
        return try await store.write(durability: .immediate) { [inPerson] transaction in
            let account = try transaction.authenticate(principal, at: now)
            var request = try Self.answerable(reference, principal, transaction, now: now)
            // The first answer wins: on PostgreSQL a concurrent answer makes this transaction run again, and it
            // finds that answer here.
            if let decision = request.decision {
                throw decision.approved
                    ? IdentityError.alreadyApproved(decision.byName) : IdentityError.alreadyDeclined(decision.byName)
            }
            guard request.state(at: now) == .pending else { throw IdentityError.requestExpired(request.title) }
            request.decision = ApprovalDecision(
                approved: approved, byAccountId: account.id, byName: account.displayName, at: now, note: note,
                inPerson: inPerson)
            try transaction.updateApprovalRequest(request)
            try transaction.emit(
                IdentityEvents.approvalDecided,
                subject: EventSubject(
                    accountId: account.id, memberId: request.memberId, householdId: request.householdId),
                data: ["requestId": request.id, "decision": approved ? "approved" : "declined"], at: now,
                random: random)
            return request.seen(at: now)
        }
    }

    // MARK: - Expiry

    public func expireApprovalRequests() async throws -> Int {
        try await expireApprovalRequests(at: clock.now())
    }

    /// `expireApprovalRequests` as of `now` (the time the write that runs it next decides by), in writes of at most
    /// `batch` requests; nothing is written when none is due.
    @discardableResult
    package func expireApprovalRequests(at now: Date, batch: Int = 200) async throws -> Int {
        let random = random
        var expired = 0
        while try await store.read({ try !$0.dueApprovalRequests(at: now, limit: 1).isEmpty }) {
            // Read again in the write: a request another server expired meanwhile is not written twice.
            let count = try await store.write { transaction in
                let due = try transaction.dueApprovalRequests(at: now, limit: batch)
                for request in due {
                    try transaction.recordApprovalExpiry(id: request.id, at: now)
                    try transaction.emit(
                        IdentityEvents.approvalExpired,
                        subject: EventSubject(memberId: request.memberId, householdId: request.householdId),
                        data: ["requestId": request.id], at: now, random: random)
                }
                return due.count
            }
            expired += count
            if count < batch { break }
        }
        return expired
    }

    /// Writes `approval.requested` for `request`, new or renewed by the same ask (`data.renewed`: `true`/`false`).
    package static func emitRequested(
        _ request: ApprovalRequest, renewed: Bool, _ transaction: any HouseholdsStoreTransaction, at now: Date,
        random: any RandomSource
    ) throws {
        try transaction.emit(
            IdentityEvents.approvalRequested,
            subject: EventSubject(memberId: request.memberId, householdId: request.householdId),
            data: ["requestId": request.id, "renewed": renewed ? "true" : "false"], at: now, random: random)
    }

    // MARK: - Maturity and age

    public func setMaturity(_ principal: Principal, member reference: String, rating: MaturityRating) async throws
        -> Member
    {
        try await updateGuardedMember(principal, reference) { $0.maturity = rating }
    }

    public func setAgeRange(
        _ principal: Principal, member reference: String, lower: Int, upper: Int
    ) async throws -> Member {
        let range = try AgeRange(lower: lower, upper: upper, method: .guardian)
        return try await updateGuardedMember(principal, reference) { $0.ageRange = range }
    }

    public func setOwnAgeRange(_ principal: Principal, lower: Int, upper: Int) async throws -> Account {
        try await asSelf(principal) {
            let range = try AgeRange(lower: lower, upper: upper, method: .selfDeclared)
            let now = clock.now()
            return try await store.write { transaction in
                var account = try transaction.authenticate(principal, at: now)
                account.ageRange = range
                try transaction.updateAccount(account)
                return account
            }
        }
    }

    /// Changes a managed member of the active household that the principal's account guards, not while acting.
    private func updateGuardedMember(
        _ principal: Principal, _ reference: String, _ change: @escaping @Sendable (inout Member) -> Void
    ) async throws -> Member {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.write { transaction in
                let account = try transaction.authenticate(principal, at: now)
                let household = try transaction.requireActiveHousehold(accountId: account.id)
                var member = try household.guardedMember(reference, by: account.id)
                change(&member)
                try transaction.updateMember(member, householdId: household.id)
                return member
            }
        }
    }

    // MARK: - Rules shared by the calls above

    /// The account, its active household and the member the principal acts as, when it still may act as it (the
    /// household's one rule); otherwise "That profile is not available to act as".
    package static func actedMember(
        _ principal: Principal, _ transaction: any HouseholdsStoreTransaction, now: Date
    ) throws -> (account: Account, household: Household, member: Member) {
        let account = try transaction.authenticate(principal, at: now)
        guard principal.actingAs != nil else { throw IdentityError.askNeedsActing }
        guard let (household, member) = try transaction.actedMember(of: principal, account: account) else {
            throw IdentityError.actingNotAvailable
        }
        return (account, household, member)
    }

    /// Every request of the managed members `accountId` guards, in all of its households.
    package static func guardedRequests(
        of accountId: String, _ transaction: any HouseholdsStoreTransaction
    ) throws -> [ApprovalRequest] {
        try transaction.households(memberAccountId: accountId).flatMap { household in
            try household.managedMembers(guardedBy: accountId).flatMap {
                try transaction.approvalRequests(memberId: $0.memberId)
            }
        }
    }

    /// The request `reference` names that the principal may answer: while acting, one of the acted member's; else one
    /// of a member its account guards now. By id (any state, so a second answer hears who gave the first), else by the
    /// exact title of a pending one. A request of a household the account is not in is "No request named ID"; of a
    /// member it does not guard (any more), "Only a guardian of NAME can do that".
    package static func answerable(
        _ reference: String, _ principal: Principal, _ transaction: any HouseholdsStoreTransaction, now: Date
    ) throws -> ApprovalRequest {
        let trimmed = reference.trimmingWhitespace()
        if principal.actingAs != nil {
            let member = try actedMember(principal, transaction, now: now).member
            let requests = try transaction.approvalRequests(memberId: member.memberId)
            if let byId = requests.first(where: { $0.id == trimmed }) { return byId }
            return try ReferenceResolver.resolve(
                trimmed, in: requests.filter { $0.state(at: now) == .pending }, kind: .request, id: \.id,
                name: \.title)
        }
        let account = try transaction.authenticate(principal, at: now)
        if let request = try transaction.approvalRequest(id: trimmed) {
            guard let household = try transaction.household(id: request.householdId),
                household.member(account.id)?.kind == .independent
            else { throw IdentityError.notFound(.request, trimmed) }
            guard let member = household.member(request.memberId), member.guardianAccountIds.contains(account.id)
            else { throw IdentityError.notGuardian(request.memberName) }
            return request
        }
        return try ReferenceResolver.resolve(
            trimmed, in: try guardedRequests(of: account.id, transaction).filter { $0.state(at: now) == .pending },
            kind: .request, id: \.id, name: \.title)
    }
}
