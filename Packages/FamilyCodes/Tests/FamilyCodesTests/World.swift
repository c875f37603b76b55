import Argon2
import FamilyCodes
import FamilyCodesTesting
import Foundation
import Identity

/// Accounts, an Identity service and a family-code service over one in-memory store, with a test clock.
struct World {
    let clock = ManualClock()
    let random: any RandomSource
    let identityStore = InMemoryIdentityStore()
    let store: WrappedStore
    let identity: LocalIdentityService
    let service: LocalFamilyCodeService

    init(random: any RandomSource = SeededRandomSource(seed: 7)) {
        self.random = random
        store = WrappedStore(InMemoryFamilyCodeStore(identity: identityStore))
        identity = LocalIdentityService(
            store: identityStore, clock: clock, random: random,
            hasher: Argon2PasswordHasher(parameters: .testing, random: random))
        service = LocalFamilyCodeService(store: store, clock: clock, random: random)
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
