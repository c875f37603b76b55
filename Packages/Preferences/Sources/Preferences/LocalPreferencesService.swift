import Accounts
import Foundation
import Households
import Kernel

/// The preference rules over any `PreferencesStore`.
///
/// Each call is one store transaction: it authenticates the principal, checks that an acting account guards
/// the member it acts as (in its active household, read in the same transaction), and, for a write made
/// while acting, records actor and subject in Identity's acting records in that same transaction.
public struct LocalPreferencesService: PreferencesService {
    private let store: any PreferencesStore
    private let clock: any WallClock
    private let random: any RandomSource

    /// Rules over `store`; `clock` and `random` stamp and identify acting records.
    public init(
        store: any PreferencesStore, clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource()
    ) {
        self.store = store
        self.clock = clock
        self.random = random
    }

    public func preferences(_ principal: Principal) async throws -> MemberPreferences {
        let now = clock.now()
        return try await store.read { preferences, identity in
            let subject = try Self.subject(of: principal, identity, at: now)
            return MemberPreferences(
                memberId: subject.memberId, stored: try preferences.values(memberId: subject.memberId))
        }
    }

    public func setTheme(_ principal: Principal, _ theme: ThemePreference) async throws -> MemberPreferences {
        try await update(principal, action: "set theme to \(theme.rawValue)") { $0.theme = theme }
    }

    public func setFontSize(_ principal: Principal, _ size: FontSize) async throws -> MemberPreferences {
        try await update(principal, action: "set font size to \(size.label)") { $0.fontSize = size }
    }

    public func reset(_ principal: Principal) async throws -> MemberPreferences {
        let now = clock.now()
        let random = random
        return try await store.write { preferences, identity in
            let subject = try Self.subject(of: principal, identity, at: now)
            try preferences.removeValues(memberId: subject.memberId)
            try Self.record("reset preferences", subject, principal, identity, at: now, random: random)
            return MemberPreferences(memberId: subject.memberId)
        }
    }

    // MARK: - Rules

    private func update(
        _ principal: Principal, action: String, _ change: @escaping @Sendable (inout MemberPreferences) -> Void
    ) async throws -> MemberPreferences {
        let now = clock.now()
        let random = random
        return try await store.write { preferences, identity in
            let subject = try Self.subject(of: principal, identity, at: now)
            var values = MemberPreferences(
                memberId: subject.memberId, stored: try preferences.values(memberId: subject.memberId))
            change(&values)
            // Both keys are written, so an unreadable value of the other key is repaired to what was shown.
            for (key, value) in values.storedValues {
                try preferences.setValue(value, forKey: key, memberId: subject.memberId)
            }
            try Self.record(action, subject, principal, identity, at: now, random: random)
            return values
        }
    }

    /// Whose preferences these are, once the principal is authenticated and, when acting, its guardianship is checked.
    struct Subject {
        /// The signed-in account: the acting guardian while acting.
        var account: Account
        /// The managed member acted as, or nil for the account itself.
        var actingAs: Member?

        /// Whose preferences: the member's while acting, else the account's.
        var memberId: String { actingAs?.memberId ?? account.id }
    }

    static func subject(
        of principal: Principal, _ identity: any HouseholdsStoreTransaction, at now: Date
    ) throws -> Subject {
        let account = try identity.authenticate(principal, at: now)
        guard principal.actingAs != nil else { return Subject(account: account, actingAs: nil) }
        guard let (_, member) = try identity.actedMember(of: principal, account: account) else {
            throw PreferencesError.notAvailable
        }
        return Subject(account: account, actingAs: member)
    }

    /// Records a write made while acting: the account is the actor, the member the subject.
    static func record(
        _ action: String, _ subject: Subject, _ principal: Principal, _ identity: any HouseholdsStoreTransaction,
        at now: Date, random: any RandomSource
    ) throws {
        guard let member = subject.actingAs else { return }
        try identity.recordActing(action, by: subject.account, as: member, at: now, random: random)
    }
}
