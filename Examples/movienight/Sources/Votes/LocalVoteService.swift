import Accounts
import Foundation
import Households
import Kernel

/// The voting rules over any `VoteStore`.
///
/// Each call is one store transaction: it authenticates the principal, finds its account's active household,
/// checks that an acting account guards the member it acts as (Preferences' check, with the same Identity reads),
/// and, for a vote or rating made while acting, records actor and subject in Identity's acting records in that
/// same transaction.
public struct LocalVoteService: VoteService {
    private let store: any VoteStore
    private let clock: any WallClock
    private let random: any RandomSource

    /// Rules over `store`; `clock` stamps ballots and acting records, `random` identifies the records.
    public init(
        store: any VoteStore, clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource()
    ) {
        self.store = store
        self.clock = clock
        self.random = random
    }

    public func vote(_ principal: Principal, title: String, _ choice: VoteChoice) async throws -> VoteResult {
        let title = try VoteRules.title(title)
        return try await cast(principal, title, kind: "vote", action: { "vote \(choice.rawValue) on \($0)" }) {
            $0.vote = choice
        }
    }

    public func rate(_ principal: Principal, title: String, rating: Int) async throws -> VoteResult {
        let title = try VoteRules.title(title)
        try VoteRules.checkRating(rating)
        let most = VoteRules.ratings.upperBound
        return try await cast(principal, title, kind: "rating", action: { "rate \($0) \(rating) of \(most)" }) {
            $0.rating = rating
        }
    }

    public func votes(_ principal: Principal, title: String?) async throws -> HouseholdVotes {
        let title = try title.map { try VoteRules.title($0) }
        let now = clock.now()
        return try await store.read { votes, identity in
            let subject = try Self.subject(of: principal, identity, at: now)
            let household = subject.household
            let ballots = try votes.ballots(householdId: household.id, titleKey: title?.key)
            let tallies =
                title.map { [VoteRules.tally(of: $0, ballots, in: household, for: subject.memberId)] }
                ?? VoteRules.tallies(ballots, in: household, for: subject.memberId)
            return HouseholdVotes(
                householdId: household.id, householdName: household.name, memberId: subject.memberId,
                actingAs: subject.actingAs, members: household.members.count, titles: tallies)
        }
    }

    // MARK: - Rules

    /// Writes the subject's ballot on `title`, changed by `change`, and, when acting, its acting record, whose
    /// `action` names the title as the household spells it; `votes.cast` of `kind` when the thumb or rating changed.
    private func cast(
        _ principal: Principal, _ title: MovieTitle, kind: String, action: @escaping @Sendable (String) -> String,
        _ change: @escaping @Sendable (inout Ballot) -> Void
    ) async throws -> VoteResult {
        let now = clock.now()
        let random = random
        return try await store.write { votes, identity in
            let subject = try Self.subject(of: principal, identity, at: now)
            let household = subject.household
            let others = VoteRules.current(
                try votes.ballots(householdId: household.id, titleKey: title.key), in: household)
            var ballot =
                others.first { $0.memberId == subject.memberId }
                ?? Ballot(
                    householdId: household.id, memberId: subject.memberId, title: title.text, titleKey: title.key,
                    votedAt: now, updatedAt: now)
            ballot.title = VoteRules.spelling(of: title, among: others)
            let before = (ballot.vote, ballot.rating)
            change(&ballot)
            ballot.updatedAt = now
            try votes.saveBallot(ballot)
            try Self.record(action(ballot.title), subject, principal, identity, at: now, random: random)
            if before != (ballot.vote, ballot.rating) {
                try identity.emit(
                    VotesEvents.cast,
                    subject: EventSubject(
                        accountId: principal.accountId, memberId: subject.memberId, householdId: household.id),
                    data: ["kind": kind], at: now, random: random)
            }
            let after = others.filter { $0.memberId != subject.memberId } + [ballot]
            return VoteResult(
                ballot: ballot, tally: VoteRules.tally(of: title, after, in: household, for: subject.memberId),
                actingAs: subject.actingAs)
        }
    }

    /// Who votes, and where: once the principal is authenticated, its active household and, when acting, its
    /// guardianship of the member are checked.
    struct Subject {
        var household: Household
        var memberId: String
        /// The managed member acted as (its name as the household has it), or nil for the account itself.
        var actingAs: ActingAs?
        var member: Member?
    }

    static func subject(
        of principal: Principal, _ identity: any HouseholdsStoreTransaction, at now: Date
    ) throws -> Subject {
        let account = try identity.authenticate(principal, at: now)
        let household = try identity.activeHousehold(accountId: account.id)
        guard let actingAs = principal.actingAs else {
            guard let household else { throw VotesError.noActiveHousehold }
            return Subject(household: household, memberId: account.id, actingAs: nil, member: nil)
        }
        // The same rule as switching, and as Preferences: a managed member of the account's active household that
        // it guards.
        guard let household, let member = household.member(actingAs.memberId), member.kind == .managed,
            member.guardianAccountIds.contains(account.id)
        else { throw VotesError.notAvailable }
        return Subject(
            household: household, memberId: member.memberId,
            actingAs: ActingAs(memberId: member.memberId, displayName: member.displayName), member: member)
    }

    /// Records a write made while acting: the account is the actor, the member the subject.
    static func record(
        _ action: String, _ subject: Subject, _ principal: Principal, _ identity: any HouseholdsStoreTransaction,
        at now: Date, random: any RandomSource
    ) throws {
        guard let member = subject.member else { return }
        try identity.insertActingRecord(
            ActingRecord(
                id: random.uuidString(), actorAccountId: principal.accountId, subjectMemberId: member.memberId,
                subjectDisplayName: member.displayName, action: action, at: now))
    }
}
