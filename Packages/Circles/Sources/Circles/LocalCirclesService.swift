import Accounts
import Device
import Foundation
import Households
import Kernel

/// The Circles rules over any `CirclesStore`, with the access engine's per-owner index cached in memory.
///
/// Each call is one store transaction: it refuses acting as a managed member, authenticates the principal,
/// creates the owner's built-in circles and primary profile on first use, and then applies the rules. Calls that
/// only look run in a read transaction once the account is ready, so they neither wait for nor block writers;
/// the rest, and a look before first use, run in a write transaction. An owner's engine index is reused while
/// that owner's change token is unchanged (read once per call), so writes by this or any other process (or server)
/// on the same database are seen by the next call.
public struct LocalCirclesService: CirclesService {
    let store: any CirclesStore
    let clock: any WallClock
    let random: any RandomSource
    /// The access engine's cache (one index per owner).
    public let engine: AccessEngine
    /// This device's saved accounts, whose entries show the primary profile's photo; nil on a server.
    let savedAccounts: (any DeviceStore)?

    /// How long a request stays pending: 14 days.
    public static let requestLifetime: TimeInterval = 14 * 24 * 60 * 60
    /// Most pending requests one viewer may have to one owner.
    public static let pendingRequestLimit = 10
    /// Most shadows per account.
    public static let shadowLimit = 5
    /// Most circles per owner, all kinds together.
    public static let circleLimit = 64

    /// Rules over `store`; `engine` may be shared by services over the same store; the saved entries of `device`
    /// (this device's store; none on a server) follow primary profiles' photos.
    public init(
        store: any CirclesStore, clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        engine: AccessEngine = AccessEngine(), device: (any DeviceStore)? = nil
    ) {
        self.store = store
        self.clock = clock
        self.random = random
        self.engine = engine
        savedAccounts = device
    }

    /// Runs `body` in one write transaction for the principal's account (made ready on first use), committed as
    /// `durability` asks (`.immediate` for the calls that end access).
    ///
    /// The account's circles and profiles (which making it ready checks) and the `prefetching` lists the body will
    /// read are asked for with the session's check: on PostgreSQL one round trip for all of them.
    func run<T: Sendable>(
        _ principal: Principal, durability: Durability = .normal,
        prefetching lists: [MemoizedTransaction.OwnerList] = [], _ body: @Sendable (Context) throws -> T
    ) async throws -> T {
        try principal.requireActingAsSelf()
        let now = clock.now()
        return try await store.write(durability: durability) { transaction, identity in
            let memoized = MemoizedTransaction(transaction)
            try memoized.prefetch([.circles, .profiles] + lists, owner: principal.accountId)
            return try body(try context(memoized, identity, principal, now: now, canWrite: true))
        }
    }

    /// Runs `body`, which only reads, in one read transaction when the accounts it touches are ready (their
    /// built-in circles and primary profile exist); otherwise through `run`, which makes them ready first.
    ///
    /// `readsOwnData` false is for a body that never reads the caller's own Circles data (a look at someone else):
    /// the caller's readiness is then not checked, and its session is checked along with the body's first read
    /// (one round trip for both on PostgreSQL) but before the body's answer or refusal leaves.
    func runReading<T: Sendable>(
        _ principal: Principal, readsOwnData: Bool = true, _ body: @Sendable (Context) throws -> T
    ) async throws -> T {
        try principal.requireActingAsSelf()
        let now = clock.now()
        let answer = try await store.read { transaction, identity -> Answer<T> in
            do {
                guard !readsOwnData else {
                    let memoized = MemoizedTransaction(transaction)
                    return .answered(try body(try context(memoized, identity, principal, now: now, canWrite: false)))
                }
                let signedIn = try identity.authenticateLater(principal, at: now)
                let context = context(
                    MemoizedTransaction(transaction), identity, ownerId: principal.accountId, principal, now: now,
                    canWrite: false)
                let value: T
                do {
                    value = try body(context)
                } catch {
                    // Not even a refusal leaves before the session is known to be live.
                    _ = try signedIn()
                    throw error
                }
                _ = try signedIn()
                return .answered(value)
            } catch is Context.NeedsWrite {
                return .needsFirstUse
            }
        }
        switch answer {
        case .answered(let value): return value
        case .needsFirstUse: return try await run(principal, body)
        }
    }

    /// What a read transaction came back with.
    private enum Answer<T: Sendable>: Sendable {
        case answered(T)
        case needsFirstUse
    }

    /// The call's view of one transaction: the principal authenticated and its account made ready (in a read
    /// transaction, `Context.NeedsWrite` when it is not).
    private func context(
        _ transaction: MemoizedTransaction, _ identity: any HouseholdsStoreTransaction, _ principal: Principal,
        now: Date, canWrite: Bool
    ) throws -> Context {
        let account = try identity.authenticate(principal, at: now)
        let context = context(transaction, identity, ownerId: account.id, principal, now: now, canWrite: canWrite)
        try context.ensurePrepared(account)
        return context
    }

    /// The call's view of one transaction for `ownerId`, as it stands (nothing checked, nothing made ready).
    private func context(
        _ transaction: MemoizedTransaction, _ identity: any HouseholdsStoreTransaction, ownerId: String,
        _ principal: Principal, now: Date, canWrite: Bool
    ) -> Context {
        Context(
            transaction: transaction, identity: identity, ownerId: ownerId, principal: principal, now: now,
            random: random, engine: engine, canWrite: canWrite)
    }
}

/// One call's view of the store: the caller's account, the time, and the shared lookups of the rules.
struct Context {
    let transaction: any CirclesStoreTransaction
    let identity: any HouseholdsStoreTransaction
    /// The caller's account.
    let ownerId: String
    let principal: Principal
    let now: Date
    let random: any RandomSource
    let engine: AccessEngine
    /// False in a read transaction: what would have to be written sends the call to a write transaction.
    let canWrite: Bool
    /// Change tokens already read in this read transaction (a snapshot: they cannot change before it ends).
    let readTokens = ReadTokens()
    /// The events this transaction wrote once already (`accessChanged()`).
    let emitted = EmittedEvents()

    /// Thrown in a read transaction that finds an account not ready yet; the call is run again as a write.
    struct NeedsWrite: Error {}

    // MARK: - First use

    /// Makes `account` ready: creates its missing built-in circles and primary profile; in a read transaction,
    /// throws `NeedsWrite` when anything is missing.
    ///
    /// Readiness found once is remembered under the account's change token, so calls that only look (most of a
    /// server's) read one version row instead of the account's circles and profiles. A write transaction checks
    /// the caller's own lists themselves: its call asked for them with its session check (see `run`), and its
    /// token changes with each of its writes anyway.
    func ensurePrepared(_ account: Account) throws {
        let token = canWrite && account.id == ownerId ? nil : try changeToken(owner: account.id)
        if let token, cached(owner: account.id, token: token).isReady { return }
        let circles = try transaction.circles(ownerAccountId: account.id)
        let missing = BuiltInCircle.creationOrder.filter { builtIn in !circles.contains { $0.builtIn == builtIn } }
        let hasPrimary = try transaction.profiles(ownerAccountId: account.id).contains { $0.type == .primary }
        guard !missing.isEmpty || !hasPrimary else {
            if let token {
                engine.rememberReady(owner: account.id, token: token)
                if !canWrite { readTokens.cached[account.id]?.isReady = true }
            }
            return
        }
        guard canWrite else { throw NeedsWrite() }
        var position = (circles.map(\.position).max() ?? -1) + 1
        for builtIn in missing {
            try transaction.insertCircle(
                Circle(
                    id: random.uuidString(), ownerAccountId: account.id, name: builtIn.name, builtIn: builtIn,
                    emoji: builtIn.emoji, color: builtIn.color, position: position, createdAt: now))
            position += 1
        }
        if !hasPrimary {
            // The primary has been the active persona since sign-up: that is its first use, whenever Circles first
            // sees the account.
            try transaction.insertProfile(
                Profile(
                    id: random.uuidString(), ownerAccountId: account.id, type: .primary,
                    displayName: account.displayName, email: account.email, lastUsedAt: account.createdAt,
                    createdAt: now))
        }
    }

    // MARK: - Lookups

    func circles() throws -> [Circle] { try transaction.circles(ownerAccountId: ownerId) }

    func contacts() throws -> [Contact] { try transaction.contacts(ownerAccountId: ownerId) }

    func profiles() throws -> [Profile] { try transaction.profiles(ownerAccountId: ownerId) }

    func circle(_ reference: String) throws -> Circle {
        try ReferenceResolver.resolve(reference, in: circles(), kind: .circle, id: \.id, name: \.name)
    }

    func contact(_ reference: String) throws -> Contact {
        try ReferenceResolver.resolve(reference, in: contacts(), kind: .contact, id: \.id, name: \.displayName)
    }

    /// A profile of the caller: id, exact display name, `primary`, or (nil) the active persona.
    func profile(_ reference: String?) throws -> Profile {
        let profiles = try profiles()
        guard let reference else { return try activePersona(in: profiles) }
        if ReferenceResolver.normalizedKey(reference) == "primary",
            let primary = profiles.first(where: { !$0.isShadow })
        {
            return primary
        }
        return try ReferenceResolver.resolve(reference, in: profiles, kind: .profile, id: \.id, name: \.displayName)
    }

    /// The principal's persona when it names one of its profiles, else the persisted one, else the primary.
    func activePersona(in profiles: [Profile]) throws -> Profile {
        if let id = principal.personaProfileId, let profile = profiles.first(where: { $0.id == id }) { return profile }
        if let id = try transaction.activePersonaId(accountId: ownerId),
            let profile = profiles.first(where: { $0.id == id })
        {
            return profile
        }
        guard let primary = profiles.first(where: { !$0.isShadow }) else {
            throw CirclesError.profileNotFound("primary")
        }
        return primary
    }

    /// The owner's change token: read once per read transaction, and on every call in a write transaction (where
    /// this call's own writes move it).
    func changeToken(owner: String) throws -> ChangeToken {
        guard !canWrite else { return try transaction.changeToken(owner: owner) }
        if let token = readTokens.byOwner[owner] { return token }
        let token = try transaction.changeToken(owner: owner)
        readTokens.byOwner[owner] = token
        return token
    }

    /// The engine's index of `owner`, reused while the owner's change token (read once here, in this transaction)
    /// is unchanged.
    func index(owner: String) throws -> AccessIndex {
        let token = try changeToken(owner: owner)
        if !canWrite, let index = cached(owner: owner, token: token).index { return index }
        let index = try engine.index(owner: owner, token: token) {
            AccessIndex(try transaction.accessData(ownerAccountId: owner))
        }
        if !canWrite { readTokens.cached[owner] = (index, readTokens.cached[owner]?.isReady ?? false) }
        return index
    }

    /// What the engine keeps for `owner` under `token`: asked once per owner in a read transaction, whose tokens
    /// cannot change (see `AccessEngine.cached`); in a write transaction, every time (its own writes move them).
    func cached(owner: String, token: ChangeToken) -> (index: AccessIndex?, isReady: Bool) {
        guard !canWrite else { return engine.cached(owner: owner, token: token) }
        if let cached = readTokens.cached[owner] { return cached }
        let cached = engine.cached(owner: owner, token: token)
        readTokens.cached[owner] = cached
        return cached
    }
}

/// The change tokens one read transaction has read, by owner, and what the engine had for each under it (a class,
/// so the `Context` value passed around one transaction shares them).
final class ReadTokens {
    var byOwner: [String: ChangeToken] = [:]
    var cached: [String: (index: AccessIndex?, isReady: Bool)] = [:]
}

extension CirclesStoreTransaction {
    /// Everything the engine needs about one owner.
    public func accessData(ownerAccountId owner: String) throws -> OwnerAccessData {
        OwnerAccessData(
            ownerAccountId: owner, circles: try circles(ownerAccountId: owner),
            contacts: try contacts(ownerAccountId: owner), memberships: try memberships(ownerAccountId: owner),
            profiles: try profiles(ownerAccountId: owner), cells: try cells(ownerAccountId: owner),
            grants: try grants(ownerAccountId: owner))
    }
}
