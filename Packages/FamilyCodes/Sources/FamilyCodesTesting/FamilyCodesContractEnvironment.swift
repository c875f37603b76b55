import Argon2
import FamilyCodes
import Foundation
import Identity

/// Identity and FamilyCodes over the stores a test target gives (one set of data), with services and a test clock:
/// what every case of `FamilyCodeContract` runs against.
public final class FamilyCodesContractEnvironment: Sendable {
    public let clock = ManualClock()
    public let random = SeededRandomSource(seed: 2026)
    /// The family code store, wrapped to count lookups and fail on demand.
    public let store: WrappedStore
    public let identity: LocalIdentityService
    public let service: LocalFamilyCodeService

    public init(identityStore: any IdentityStore, codeStore: any FamilyCodeStore) {
        store = WrappedStore(codeStore)
        let hasher = Argon2PasswordHasher(parameters: .testing, random: random)
        identity = LocalIdentityService(store: identityStore, clock: clock, random: random, hasher: hasher)
        service = LocalFamilyCodeService(store: store, clock: clock, random: random)
    }

    /// Registers `first@example.com` ("First Lastname") with `role` and a bearer session, as on a server; returns its
    /// principal.
    public func account(_ first: String, _ role: AccountRole, lastName: String = "Tester") async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: lastName,
                password: "password-\(first)", role: role))
        return try await identity.principal(forToken: grant.token)
    }

    public func log(of principal: Principal) async throws -> [FamilyCodeUsage] {
        try await store.read { codes, _ in try codes.usage(accountId: principal.accountId) }
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
