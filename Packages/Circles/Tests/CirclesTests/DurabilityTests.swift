import Accounts
import Circles
import Foundation
import Households
import IdentityMemory
import IdentityTesting
import Synchronization
import Testing

/// DOMAIN.md, "Durability": of Circles' calls, revoking a grant and deleting a shadow end access, so they ask the
/// store for an immediate (synchronous) commit; the others commit normally.
@Suite("Circles calls that end access commit durably")
struct CirclesDurabilityTests {
    let store: DurabilityRecorder<(any CirclesStoreTransaction, any HouseholdsStoreTransaction)>
    let services: LocalServices
    var circles: LocalCirclesService { services.circles }

    init() {
        let identityStore = InMemoryIdentityStore()
        store = DurabilityRecorder(InMemoryCirclesStore(identity: identityStore))
        services = LocalServices(seed: 11, identityStore: identityStore, circlesStore: store)
    }

    func owner() async throws -> Principal {
        let dana = try await services.signUpDana()
        _ = try await circles.addContact(dana, ContactDraft(displayName: "Sam Ray"))
        store.forget()
        return dana
    }

    @Test func deletingAShadowCommitsImmediately() async throws {
        let dana = try await owner()
        _ = try await circles.createShadow(dana, type: .professional, displayName: "Night Owl", circles: [])
        _ = try await circles.deleteShadow(dana, "Night Owl")
        #expect(store.writes == [.normal, .immediate])
    }

    @Test func revokingAGrantCommitsImmediately() async throws {
        let dana = try await owner()
        // The grant is looked up inside the transaction: even a refusal opened it as an immediate one.
        await #expect(throws: CirclesError.grantNotFound("g-none")) {
            _ = try await circles.revokeGrant(dana, "g-none")
        }
        #expect(store.writes == [.immediate])
    }

    @Test func otherCallsCommitNormally() async throws {
        let dana = try await owner()
        _ = try await circles.createCircle(dana, name: "Chess", emoji: nil, color: nil)
        _ = try await circles.addMembers(dana, circle: "Chess", contacts: ["Sam Ray"])
        _ = try await circles.removeContact(dana, "Sam Ray")
        #expect(store.writes == [.normal, .normal, .normal])
    }
}

/// Circles' change tokens through the recorder, as its service needs them.
extension DurabilityRecorder: CirclesStore
where Transaction == (any CirclesStoreTransaction, any HouseholdsStoreTransaction) {
    public func changeToken(owner: String) async throws -> ChangeToken {
        try await read { circles, _ in try circles.changeToken(owner: owner) }
    }
}
