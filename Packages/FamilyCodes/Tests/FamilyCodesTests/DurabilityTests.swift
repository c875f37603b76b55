import Accounts
import Argon2
import FamilyCodes
import Households
import Identity
import IdentityMemory
import IdentityTesting
import Kernel
import Synchronization
import Testing

/// DOMAIN.md, "Durability": regenerating the code (the old one stops working) and removing a family member end
/// access, so they ask the store for an immediate (synchronous) commit; the other calls commit normally.
@Suite("Family calls that end access commit durably")
struct FamilyDurabilityTests {
    let identityStore = InMemoryIdentityStore()
    let store: DurabilityRecorder<(any FamilyCodeStoreTransaction, any HouseholdsStoreTransaction)>
    let identity: LocalIdentityService
    let service: LocalFamilyCodeService

    init() {
        let random = SeededRandomSource(seed: 7)
        let clock = ManualClock()
        store = DurabilityRecorder(InMemoryFamilyCodeStore(identity: identityStore))
        identity = LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        service = LocalFamilyCodeService(store: store, clock: clock, random: random)
    }

    func account(_ first: String, _ role: AccountRole) async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: "Tester",
                password: "password-\(first)", role: role))
        return try await identity.principal(forToken: grant.token)
    }

    @Test func regeneratingTheCodeCommitsImmediately() async throws {
        let player = try await account("Pat", .player)
        _ = try await service.code(player)
        store.forget()
        _ = try await service.regenerateCode(player)
        #expect(store.writes == [.immediate])
    }

    @Test func removingAMemberCommitsImmediately() async throws {
        let player = try await account("Pat", .player)
        let code = try await service.code(player)
        let parent = try await account("Paula", .parent)
        _ = try await service.join(parent, code: code.code, origin: nil)
        #expect(store.writes.allSatisfy { $0 == .normal })
        store.forget()
        _ = try await service.removeMember(player, "Paula Tester")
        #expect(store.writes == [.immediate])
    }
}
