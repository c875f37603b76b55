import Accounts
import Device
import Foundation
import Households
import Identity
import IdentityMemory
import Kernel
import Testing

/// While an account acts as a managed member, every call that changes the account, this device's saved accounts or
/// the account's households is refused with "Not available while viewing as NAME. Switch back first." and touches
/// nothing: no transaction opens, and what the service reads afterwards is what it read before.
@Suite("Account-level calls are refused while acting")
struct ActingGuardTests {
    /// Every account-level call of `IdentityService`, each with arguments that would succeed (or fail for another
    /// reason) when made as the account itself.
    enum AccountCall: String, CaseIterable, Sendable {
        case removeSavedAccount, changeName, changeRole, changePassword
        case createHousehold, renameHousehold, useHousehold, leaveHousehold, joinHousehold
        case addManagedMember, removeMember, addGuardian, removeGuardian, graduateMember
        case linkIdentity, unlinkIdentity
        case sessions, endSession, endOtherSessions

        func run(_ service: LocalIdentityService, _ principal: Principal, _ world: World) async throws {
            switch self {
            case .removeSavedAccount: try await world.device.removeSavedAccount("eli@example.com", by: principal)
            case .changeName: _ = try await service.changeName(principal, firstName: "Dani", lastName: "Reyes")
            case .changeRole: _ = try await service.changeRole(principal, to: .parent)
            case .changePassword:
                try await service.changePassword(principal, current: "correct horse", new: "battery staple")
            case .createHousehold: _ = try await service.createHousehold(principal, name: "Elsewhere")
            case .renameHousehold: _ = try await service.renameHousehold(principal, name: "The Reyes")
            case .useHousehold: _ = try await service.useHousehold(principal, "Reyes")
            case .leaveHousehold: try await service.leaveHousehold(principal, "Reyes")
            case .joinHousehold:
                _ = try await service.joinHousehold(principal, householdId: world.lanes.id, role: .member)
            case .addManagedMember: _ = try await service.addManagedMember(principal, displayName: "Nia", avatarKey: "")
            case .removeMember: _ = try await service.removeMember(principal, "Max")
            case .addGuardian: _ = try await service.addGuardian(principal, member: "Max", email: "eli@example.com")
            case .removeGuardian:
                _ = try await service.removeGuardian(principal, member: "Max", email: "dana@example.com")
            case .graduateMember: _ = try await service.graduateMember(principal, "Max")
            case .linkIdentity:
                _ = try await service.linkIdentity(principal, ProviderSignIn(provider: .google, idToken: "token"))
            case .unlinkIdentity: try await service.unlinkIdentity(principal, provider: .google)
            case .sessions: _ = try await service.sessions(principal)
            case .endSession: try await service.endSession(principal, id: "another-session")
            case .endOtherSessions: _ = try await service.endOtherSessions(principal)
            }
        }
    }

    /// Eli has the Lane household; Dana, signed in on this device after Eli, owns Reyes with her managed member Max.
    struct World: Sendable {
        let store: CountingStore
        let service: LocalIdentityService
        let device: ThisDevice
        let dana: Principal
        let max: Member
        let lanes: Household

        init() async throws {
            store = CountingStore()
            (service, device) = serviceOnDevice(store: store, device: InMemoryDeviceStore(), seed: 7)
            let eli = try await device.signUp("eli@example.com", first: "Eli", last: "Lane")
            lanes = try await service.createHousehold(eli, name: "Lanes")
            dana = try await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
            _ = try await service.createHousehold(dana, name: "Reyes")
            max = try await service.addManagedMember(dana, displayName: "Max", avatarKey: "fox")
        }

        /// Dana acting as Max.
        var acting: Principal {
            var principal = dana
            principal.actingAs = ActingAs(memberId: max.memberId, displayName: max.displayName)
            return principal
        }

        /// What the service reads back about Dana and this device.
        func snapshot() async throws -> Snapshot {
            Snapshot(
                account: try await service.account(dana), saved: try await device.savedAccounts(),
                households: try await service.households(dana), active: try await service.activeHousehold(dana),
                current: try await device.currentPrincipal(), records: try await service.actingRecords(dana))
        }
    }

    struct Snapshot: Equatable {
        let account: Account
        let saved: [SavedAccountStatus]
        let households: [Household]
        let active: Household?
        let current: Principal?
        let records: [ActingRecord]
    }

    @Test(arguments: AccountCall.allCases)
    func refusedBeforeAnyTransaction(_ call: AccountCall) async throws {
        let world = try await World()
        let before = try await world.snapshot()
        let transactions = await world.store.transactions

        await #expect(throws: IdentityError.notWhileActing("Max"), "\(call)") {
            try await call.run(world.service, world.acting, world)
        }

        #expect(await world.store.transactions == transactions, "\(call) opened a transaction")
        #expect(try await world.snapshot() == before, "\(call) changed something")
        // The password is still the old one.
        _ = try await world.service.signIn(email: "dana@example.com", password: "correct horse")
    }

    /// The same calls made as Dana herself are not refused for acting: the refusal above is the guard's.
    @Test(arguments: AccountCall.allCases)
    func notRefusedAsTheAccountItself(_ call: AccountCall) async throws {
        let world = try await World()
        do {
            try await call.run(world.service, world.dana, world)
        } catch let error as IdentityError {
            #expect(error != .notWhileActing("Max"), "\(call)")
        }
    }

    @Test func readsAndRecordsAreNotAccountLevel() async throws {
        let world = try await World()
        #expect(try await world.service.account(world.acting).id == world.dana.accountId)
        #expect(try await world.service.activeHousehold(world.acting)?.name == "Reyes")
        #expect(try await world.service.households(world.acting).count == 1)
        _ = try await world.service.ask(world.acting, try ApprovalAsk(title: "Minecraft"))
        let records = try await world.service.actingRecords(world.acting)
        #expect(records.map(\.action) == ["ask Minecraft"])
        #expect(records.first?.subjectMemberId == world.max.memberId)
        #expect(records.first?.actorAccountId == world.dana.accountId)
    }
}

/// An in-memory store that counts the transactions it runs, so a test can see that a refused call opened none.
actor CountingStore: IdentityStore {
    private let base = InMemoryIdentityStore()
    private(set) var transactions = 0

    func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
        transactions += 1
        return try await base.read(body)
    }

    func write<T: Sendable>(
        durability: Durability, _ body: @Sendable (any IdentityStoreTransaction) throws -> T
    ) async throws -> T {
        transactions += 1
        return try await base.write(durability: durability, body)
    }
}
