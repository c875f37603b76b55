import Accounts
import Device
import Households

/// Whom the signed-in account acts as: itself, or one managed member it guards. In memory only, except for the
/// exit lock: acting as a member that has an exit PIN holds this device as that member (`ExitLock`), so every
/// run of the account starts as it, and leaving it (another switch) needs the PIN.
///
/// The manager wraps this device's principal: `currentPrincipal()` adds `actingAs` while
/// acting, so every feature's call carries the member as subject and the account as actor. Switching
/// reads Identity afresh each time and decides guardianship itself; it never trusts a list it was given.
/// Acting never survives an account switch or a sign-out: the manager then falls back to the account.
public actor ProfileSessionManager: PrincipalSource {
    private let profiles: any ProfileReads
    private let device: ThisDevice
    private let exitLock: ExitLock?

    // MARK: - State

    /// The seed's state machine: the account itself, or acting as a managed member.
    public private(set) var state: ProfileSessionState = .authenticatedUser
    /// The signed-in account's own profile; `SwitchableProfile.placeholder` until profiles are loaded.
    public private(set) var authenticatedUser: SwitchableProfile = .placeholder
    /// The account first, then the managed members of its active household it guards, in creation order.
    /// Empty until profiles are loaded (`refresh()`, `switch(to:)` or `updateProfiles`).
    public private(set) var availableProfiles: [SwitchableProfile] = []
    /// The name of the active household the profiles came from, if any.
    public private(set) var householdName: String?
    /// The last `refresh()` could not load the family members (the seed's State 6: no connection and nothing
    /// loaded yet): the list is the account alone, as this device saved it.
    public private(set) var membersUnavailable = false

    /// A manager that starts as the account `device` runs as, or as the member `exitLock` holds this device as; the
    /// profiles come from `profiles` (the Identity service, or with `--remote` its reads remembered offline).
    public init(profiles: any ProfileReads, device: ThisDevice, exitLock: ExitLock? = nil) {
        self.profiles = profiles
        self.device = device
        self.exitLock = exitLock
    }

    // MARK: - Derived

    /// The profile acted as: the managed member while acting, else the account itself.
    public var activeProfile: SwitchableProfile {
        if case .actingAsManagedMember(let profile) = state { return profile }
        return authenticatedUser
    }

    /// True while acting as a managed member.
    public var isActingAsManaged: Bool { actingAsMemberId != nil }

    /// The member id for `X-Acting-As-Member`; nil (the header is absent) when acting as oneself.
    public var actingAsMemberId: String? {
        if case .actingAsManagedMember(let profile) = state { return profile.memberId }
        return nil
    }

    /// The managed members among `availableProfiles`.
    public var managedProfiles: [SwitchableProfile] { availableProfiles.filter(\.isManaged) }

    // MARK: - Profiles

    /// Rebuilds the list from already-loaded data; falls back silently to the account when the member acted as
    /// is not in it any more (removed, or no longer guarded). A different account also ends the acting.
    public func updateProfiles(authenticatedUser: SwitchableProfile, managedMembers: [SwitchableProfile]) {
        if authenticatedUser.memberId != self.authenticatedUser.memberId { state = .authenticatedUser }
        self.authenticatedUser = authenticatedUser
        availableProfiles = [authenticatedUser] + managedMembers
        if case .actingAsManagedMember(let acting) = state {
            if let fresh = managedMembers.first(where: { $0.memberId == acting.memberId && $0.isManaged }) {
                state = .actingAsManagedMember(fresh)
            } else {
                state = .authenticatedUser
            }
        }
    }

    /// Back to the account's own context (`switch me`).
    public func resetToAuthenticatedUser() {
        state = .authenticatedUser
    }

    /// Reloads the profiles from Identity (the account, its active household) and applies `updateProfiles`.
    ///
    /// Throws "Not signed in" when nobody is; the acting then ends.
    /// When they cannot be read for another reason than a refusal (no connection, with nothing remembered), the
    /// list is the account alone, from this device's saved entry, and `membersUnavailable` says so.
    @discardableResult
    public func refresh() async throws -> [SwitchableProfile] {
        do {
            apply(try await loadFresh())
            membersUnavailable = false
        } catch let error where !(error is IdentityError) {
            guard let principal = try await device.currentPrincipal(),
                let saved = try await device.savedAccounts().first(where: {
                    $0.account.accountId == principal.accountId
                })
            else { throw error }
            let own = SwitchableProfile(
                memberId: principal.accountId, displayName: saved.account.displayName, isManaged: false)
            updateProfiles(authenticatedUser: own, managedMembers: [])
            householdName = nil
            membersUnavailable = true
        }
        return availableProfiles
    }

    /// Acts as the profile `reference` names (an id, or an exact case-insensitive name); `me` is the account.
    ///
    /// The switchable set is read afresh from Identity: the account itself, then the managed members of its
    /// active household that it guards. Anything else is "That profile is not available to switch to", the
    /// same sentence whether the member does not exist or belongs to someone else. Switching from one managed
    /// member to another replaces the first: acting is never nested.
    ///
    /// While the device is exit-locked as a member, switching to anyone else needs `pin`: without it, "Viewing as
    /// NAME is locked..."; a wrong one, "Wrong PIN" (or the block), and nothing changes. Switching to a member
    /// with a PIN locks the device as it.
    @discardableResult
    public func `switch`(to reference: String, pin: String? = nil) async throws -> SwitchableProfile {
        let snapshot = try await loadFresh()
        apply(snapshot)
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        let own = SwitchableProfile.authenticatedUser(snapshot.account)
        let chosen: SwitchableProfile
        if ReferenceResolver.normalizedKey(trimmed) == Self.selfReference {
            chosen = own
        } else {
            let candidates = [own] + Self.switchableMembers(of: snapshot.account.id, in: snapshot.household)
            do {
                chosen = try ReferenceResolver.resolve(
                    trimmed, in: candidates, kind: .profile, id: \.memberId, name: \.displayName)
            } catch .notFound {
                throw ProfileSessionError.notAvailable
            }
        }
        let principal = Principal(accountId: snapshot.account.id, sessionId: snapshot.sessionId)
        if let exitLock, let lock = try await exitLock.current(), lock.accountId == snapshot.account.id,
            lock.memberId != chosen.memberId
        {
            guard let pin else { throw IdentityError.exitLocked(lock.displayName) }
            try await exitLock.leave(principal, pin: pin)
        }
        if chosen.isManaged {
            try await exitLock?.engage(
                Principal(
                    accountId: principal.accountId, sessionId: principal.sessionId,
                    actingAs: ActingAs(memberId: chosen.memberId, displayName: chosen.displayName)))
        }
        state = chosen.isManaged ? .actingAsManagedMember(chosen) : .authenticatedUser
        return chosen
    }

    /// The word that names the account itself in `switch`.
    public static let selfReference = "me"

    // MARK: - PrincipalSource

    /// This device's principal, plus `actingAs` while acting.
    ///
    /// When the service's account is not the one the acting started under (an account switch), or nobody is
    /// signed in any more, the manager falls back to the account itself, silently.
    public func currentPrincipal() async throws -> Principal? {
        guard var principal = try await device.currentPrincipal() else {
            forgetAccount()
            return nil
        }
        try await resumeExitLock(of: principal)
        guard principal.accountId == authenticatedUser.memberId else {
            forgetAccount()
            return principal
        }
        guard case .actingAsManagedMember(let acting) = state else { return principal }
        await recheckActing(principal)
        if case .actingAsManagedMember(let profile) = state {
            principal.actingAs = ActingAs(memberId: profile.memberId, displayName: profile.displayName)
        } else if let exitLock, try await exitLock.current()?.memberId == acting.memberId {
            // The member cannot be acted as any more (removed, or no longer guarded): nothing is left to leave.
            try await exitLock.release()
        }
        return principal
    }

    /// Acts as the member this device is exit-locked as, when the lock is the account's: a new run, a restarted
    /// REPL, or a lock another process made. Without the profiles (no connection) it fails rather than run the
    /// account unlocked.
    private func resumeExitLock(of principal: Principal) async throws {
        guard let exitLock, let lock = try await exitLock.current(), lock.accountId == principal.accountId,
            actingAsMemberId != lock.memberId
        else { return }
        if authenticatedUser.memberId != principal.accountId { try await refresh() }
        state = .actingAsManagedMember(
            SwitchableProfile(memberId: lock.memberId, displayName: lock.displayName, isManaged: true))
    }

    /// Re-reads the active household before a call made while acting, so a member that another process removed
    /// (or stopped this account guarding) stops being acted as, silently, as the seed's State 5 does. Without an
    /// answer (no connection) the acting stays: it works offline from the last loaded profiles.
    private func recheckActing(_ principal: Principal) async {
        let household: Household?
        do {
            household = try await profiles.activeHousehold(principal)
        } catch {
            return
        }
        updateProfiles(
            authenticatedUser: authenticatedUser,
            managedMembers: Self.switchableMembers(of: principal.accountId, in: household))
        householdName = household?.name
    }

    // MARK: - Reading Identity

    private struct Snapshot: Sendable {
        var account: Account
        var sessionId: String?
        var household: Household?
    }

    private func loadFresh() async throws -> Snapshot {
        guard let principal = try await device.currentPrincipal() else {
            forgetAccount()
            throw IdentityError.notSignedIn
        }
        let account = try await profiles.account(principal)
        let household = try await profiles.activeHousehold(principal)
        return Snapshot(account: account, sessionId: principal.sessionId, household: household)
    }

    private func apply(_ snapshot: Snapshot) {
        updateProfiles(
            authenticatedUser: .authenticatedUser(snapshot.account),
            managedMembers: Self.switchableMembers(of: snapshot.account.id, in: snapshot.household))
        householdName = snapshot.household?.name
    }

    /// DOMAIN.md's rule: the managed members of the active household that the account guards, in creation order.
    static func switchableMembers(of accountId: String, in household: Household?) -> [SwitchableProfile] {
        guard let household else { return [] }
        return household.managedMembers(guardedBy: accountId).map(SwitchableProfile.managed)
    }

    private func forgetAccount() {
        state = .authenticatedUser
        authenticatedUser = .placeholder
        availableProfiles = []
        householdName = nil
    }
}
