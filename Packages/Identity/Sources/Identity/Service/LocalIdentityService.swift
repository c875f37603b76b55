import Foundation

/// The Identity rules over any `IdentityStore`, for one process on one device (or one server).
///
/// The current account is read from the store once, then kept in memory: a running process keeps
/// the account it started with even when another process signs in on the same file.
public actor LocalIdentityService: IdentityService {
    let store: any IdentityStore
    /// The same store, seen with this device's state; nil on a server, which keeps no device: the calls about this
    /// device (sign up or in, the saved accounts, the current account) then throw `NoDeviceError`.
    let deviceStore: (any DeviceIdentityStore)?
    let clock: any WallClock
    let random: any RandomSource
    let hasher: any PasswordHasher
    /// The ID token verifiers of the configured providers (Google, Apple); a provider without one is not set up.
    let verifiers: [IdentityProvider: any IDTokenVerifier]
    /// Where this device keeps its exit lock; the ways out to another account refuse while it holds.
    let exitLocks: any DeviceExitLockStore
    /// The feature whose per-member data a claim carries over in its own transaction (Preferences), if composed.
    let carryOver: (any MemberCarryOver)?
    private var currentLoaded = false
    private var currentAccountId: String?
    private var dummyHash: String?

    /// Rules over `store`, this device's state included; `hasher` hashes and checks passwords (the apps give
    /// Argon2id at OWASP's parameters, `Argon2PasswordHasher`); `verifiers` are the providers accounts may sign in with; `exitLocks` keeps this device's exit
    /// lock; `carryOver` opens a claim's transaction when another feature keeps data per member (without it a claim
    /// runs in an ordinary write).
    public init(
        store: any DeviceIdentityStore,
        clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(),
        hasher: any PasswordHasher,
        verifiers: [any IDTokenVerifier] = [],
        exitLocks: any DeviceExitLockStore = InMemoryDeviceExitLockStore(),
        carryOver: (any MemberCarryOver)? = nil
    ) {
        self.init(
            store.identityStore, deviceStore: store, clock: clock, random: random, hasher: hasher, verifiers: verifiers,
            exitLocks: exitLocks, carryOver: carryOver)
    }

    /// Rules over a server's `serverStore`, which keeps no device: accounts sign in with bearer sessions only.
    public init(
        serverStore: any IdentityStore,
        clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(),
        hasher: any PasswordHasher,
        verifiers: [any IDTokenVerifier] = [],
        carryOver: (any MemberCarryOver)? = nil
    ) {
        self.init(
            serverStore, deviceStore: nil, clock: clock, random: random, hasher: hasher, verifiers: verifiers,
            exitLocks: InMemoryDeviceExitLockStore(), carryOver: carryOver)
    }

    private init(
        _ store: any IdentityStore, deviceStore: (any DeviceIdentityStore)?, clock: any WallClock,
        random: any RandomSource, hasher: any PasswordHasher, verifiers: [any IDTokenVerifier],
        exitLocks: any DeviceExitLockStore, carryOver: (any MemberCarryOver)?
    ) {
        self.exitLocks = exitLocks
        self.store = store
        self.deviceStore = deviceStore
        self.clock = clock
        self.random = random
        self.hasher = hasher
        self.verifiers = Dictionary(verifiers.map { ($0.provider, $0) }, uniquingKeysWith: { _, last in last })
        self.carryOver = carryOver
    }

    // MARK: - This device

    /// The store with this device's state, for the calls about this device; refused on a server.
    func device() throws -> any DeviceIdentityStore {
        guard let deviceStore else { throw NoDeviceError() }
        return deviceStore
    }

    /// Runs `body`, a change of the account, in one write that also gets this device's state when the service keeps
    /// one (nil on a server), so this device's saved entry follows in the same transaction.
    func writeAccount<T: Sendable>(
        _ body: @Sendable (any IdentityStoreTransaction, (any DeviceStateTransaction)?) throws -> T
    ) async throws -> T {
        if let deviceStore {
            return try await deviceStore.writeWithDevice { try body($0, $0) }
        }
        return try await store.write { try body($0, nil) }
    }

    // MARK: - The current account of this process

    /// The account this process runs as, read from the store on first use only.
    func loadCurrent() async throws -> String? {
        if currentLoaded { return currentAccountId }
        let persisted = try await device().readWithDevice { try $0.currentAccountId() }
        // Another call may have signed in while this one read: its choice wins.
        if !currentLoaded {
            currentAccountId = persisted
            currentLoaded = true
        }
        return currentAccountId
    }

    func setCurrent(_ accountId: String?) {
        currentAccountId = accountId
        currentLoaded = true
    }

    public func currentPrincipal() async throws -> Principal? {
        guard let accountId = try await loadCurrent() else { return nil }
        let now = clock.now()
        return try await device().readWithDevice { transaction -> Principal? in
            guard let record = try transaction.savedAccount(accountId: accountId),
                let session = try transaction.liveSession(of: record, at: now)
            else { return nil }
            return Principal(accountId: accountId, sessionId: session.id)
        }
    }

    public func runAs(email: String) async throws -> Principal {
        let now = clock.now()
        let principal = try await device().readWithDevice { transaction -> Principal in
            let record = try transaction.requireSavedAccount(email: email)
            guard let session = try transaction.liveSession(of: record, at: now) else {
                throw IdentityError.sessionEnded(email: record.account.email)
            }
            return Principal(accountId: record.account.accountId, sessionId: session.id)
        }
        try await ExitLock.requireUnlocked(exitLocks, staying: principal.accountId)
        setCurrent(principal.accountId)
        return principal
    }

    // MARK: - Account-level calls

    /// Runs `body`, a call that changes the account, this device's saved accounts or the account's households: such
    /// calls are the account's own, so while `principal` acts as a managed member they are refused ("Not available
    /// while viewing as NAME. Switch back first.") before anything is read or written. Every one goes through here.
    func asSelf<T: Sendable>(_ principal: Principal?, _ body: () async throws -> T) async throws -> T {
        try principal?.requireActingAsSelf()
        return try await body()
    }

    // MARK: - Passwords

    /// The account and hash `password` was verified against, or "Email or password is incorrect".
    ///
    /// An unknown email is verified against a dummy hash, so the time taken does not reveal accounts.
    func verify(_ password: String, against candidate: PasswordCandidate) async throws -> PasswordCandidate {
        guard candidate.account != nil, let hash = candidate.passwordHash, hash != AccountRules.noPasswordHash else {
            _ = await hasher.verify(password, against: try await dummyPasswordHash())
            throw IdentityError.incorrectCredentials
        }
        guard await hasher.verify(password, against: hash) else { throw IdentityError.incorrectCredentials }
        return candidate
    }

    private func dummyPasswordHash() async throws -> String {
        if let dummyHash { return dummyHash }
        let hash = try await hasher.hash(TokenDigest.hex(random.bytes(16)))
        dummyHash = hash
        return hash
    }

    /// Checks a new password's length (8-256 graphemes).
    static func checkNewPassword(_ password: String) throws(IdentityError) {
        try AccountRules.checkNewPassword(password)
    }

    /// Validates one name, naming the field in the error.
    static func validName(_ raw: String, field: String, _ validator: NameValidator) throws(IdentityError) -> String {
        try AccountRules.validName(raw, field: field, validator)
    }
}
