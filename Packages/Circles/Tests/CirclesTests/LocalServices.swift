import Accounts
import Argon2
import Circles
import Identity
import IdentityMemory
import Kernel
import Testing

/// Identity and Circles services over in-memory stores, the start of the suites that call the service directly.
struct LocalServices {
    let identity: LocalIdentityService
    let circles: LocalCirclesService

    /// `circlesStore`, over `identityStore`, stands in for the in-memory Circles store when a suite watches what
    /// reaches it.
    init(
        seed: UInt64, identityStore: InMemoryIdentityStore = InMemoryIdentityStore(),
        circlesStore: (any CirclesStore)? = nil
    ) {
        let random = SeededRandomSource(seed: seed)
        let clock = ManualClock()
        identity = LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        circles = LocalCirclesService(
            store: circlesStore ?? InMemoryCirclesStore(identity: identityStore), clock: clock, random: random)
    }

    /// Dana Lee, registered with a session.
    func signUpDana() async throws -> Principal {
        let grant = try await identity.register(
            SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Lee", password: "correct horse"))
        return try await identity.principal(forToken: grant.token)
    }
}
