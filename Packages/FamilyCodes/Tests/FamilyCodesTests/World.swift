import Accounts
import Argon2
import FamilyCodes
import FamilyCodesSQL
import FamilyCodesTesting
import Foundation
import Identity
import IdentityMemory
import IdentitySQL
import Kernel
import StorageTesting
import Testing

/// Accounts, an Identity service and a family-code service over one in-memory store (or, to count statements, one
/// SQLite file), with a test clock.
struct World {
    let clock = ManualClock()
    let random: any RandomSource
    let store: any FamilyCodeStore
    /// The database under the store of a world made by `countingStatements`; nil in memory.
    let statements: FailingDatabase?
    let identity: LocalIdentityService
    let service: LocalFamilyCodeService

    init(random: any RandomSource = SeededRandomSource(seed: 7)) {
        let identityStore = InMemoryIdentityStore()
        self.init(
            random: random, identityStore: identityStore, store: InMemoryFamilyCodeStore(identity: identityStore),
            statements: nil)
    }

    /// A world over a SQLite file, whose statements are counted: a store in memory has none.
    static func countingStatements(random: any RandomSource = SeededRandomSource(seed: 7)) throws -> World {
        let database = try FailingDatabase.temporarySQLite([IdentityMigrations.all, FamilyCodesMigrations.all])
        return World(
            random: random, identityStore: SQLStore(identityOn: database),
            store: SQLStore(familyCodesOn: database), statements: database)
    }

    private init(
        random: any RandomSource, identityStore: any IdentityStore, store: any FamilyCodeStore,
        statements: FailingDatabase?
    ) {
        self.random = random
        self.store = store
        self.statements = statements
        identity = LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        service = LocalFamilyCodeService(store: store, clock: clock, random: random)
    }

    /// How many times a code was looked up (joins and the uniqueness check of new codes), in a world made by
    /// `countingStatements`.
    func lookups() throws -> Int {
        try #require(statements).count(FamilyCodesContractEnvironment.codeLookup)
    }

    /// Registers `first@example.com` ("First Lastname") with `role`; returns its principal.
    func account(_ first: String, _ role: AccountRole, lastName: String = "Tester") async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: lastName,
                password: "password-\(first)", role: role))
        return try await identity.principal(forToken: grant.token)
    }

    /// Every usage-log row of an account, newest first (read straight from the store).
    func log(of principal: Principal) async throws -> [FamilyCodeUsage] {
        try await store.read { codes, _ in try codes.usage(accountId: principal.accountId) }
    }

    func rateLimitState(of principal: Principal) async throws -> RateLimitState {
        try await store.read { codes, _ in
            try codes.rateLimitState(key: LocalFamilyCodeService.rateLimitKey(accountId: principal.accountId))
        }
    }
}

/// The error `body` threw, as its sentence (nil if it did not throw).
func sentence(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch {
        return "\(error)"
    }
}
