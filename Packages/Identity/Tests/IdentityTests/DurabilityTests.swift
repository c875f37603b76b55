import Accounts
import Device
import Identity
import IdentityMemory
import IdentityTesting
import Kernel
import Synchronization
import Testing

/// DOMAIN.md, "Durability": the calls that end access ask the store for an immediate (synchronous) commit; every
/// other call commits normally. The store is told, and obeys; the rule of which is which is the domain's.
@Suite("Calls that end access commit durably")
struct DurabilityTests {
    /// Every Identity call that ends access.
    enum EndingCall: String, CaseIterable, Sendable {
        case logOut, endSession, changePassword, removeSavedAccount, removeMember, removeGuardian, claimCode

        func run(_ world: World) async throws {
            let service = world.service
            switch self {
            case .logOut: try await world.device.logOut()
            case .endSession: try await service.endSession(token: world.grant.token)
            case .changePassword:
                try await service.changePassword(world.dana, current: "correct horse", new: "battery staple")
            case .removeSavedAccount: try await world.device.removeSavedAccount("eli@example.com", by: world.dana)
            case .removeMember: _ = try await service.removeMember(world.dana, "Max")
            case .removeGuardian:
                _ = try await service.removeGuardian(world.dana, member: "Max", email: "eli@example.com")
            case .claimCode:
                let grant = try await service.graduateMember(world.dana, "Max")
                world.store.forget()
                _ = try await service.register(
                    SignUp(
                        email: "max@example.com", firstName: "Max", lastName: "Reyes", password: "correct horse",
                        claimCode: grant.code))
            }
        }
    }

    /// Eli and Dana on this device (Dana current); Dana owns Reyes, where Eli is a member and, with Dana, a guardian
    /// of Max; Sam holds a bearer session.
    struct World: Sendable {
        let store = DurabilityRecorder<any IdentityStoreTransaction>(InMemoryIdentityStore())
        let service: LocalIdentityService
        let device: ThisDevice
        let deviceStore = RecordingDeviceStore()
        let dana: Principal
        let grant: SessionGrant

        init() async throws {
            (service, device) = serviceOnDevice(store: store, device: deviceStore, seed: 11)
            let eli = try await device.signUp("eli@example.com", first: "Eli", last: "Lane")
            dana = try await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
            let reyes = try await service.createHousehold(dana, name: "Reyes")
            _ = try await service.addManagedMember(dana, displayName: "Max", avatarKey: "fox")
            _ = try await service.joinHousehold(eli, householdId: reyes.id, role: .member)
            _ = try await service.addGuardian(dana, member: "Max", email: "eli@example.com")
            grant = try await service.register(
                SignUp(email: "sam@example.com", firstName: "Sam", lastName: "Hill", password: "correct horse"))
            store.forget()
        }
    }

    @Test(arguments: EndingCall.allCases)
    func endingAccessCommitsImmediately(_ call: EndingCall) async throws {
        let world = try await World()
        try await call.run(world)
        #expect(world.store.writes == [.immediate], "\(call)")
    }

    @Test func otherCallsCommitNormally() async throws {
        let world = try await World()
        _ = try await world.service.changeName(world.dana, firstName: "Dani", lastName: "Reyes")
        _ = try await world.service.addManagedMember(world.dana, displayName: "Nia", avatarKey: "owl")
        _ = try await world.service.renameHousehold(world.dana, name: "The Reyes")
        _ = try await world.service.signIn(email: "sam@example.com", password: "correct horse")
        _ = try await world.service.graduateMember(world.dana, "Max")
        // A sign-in writes twice: its attempt is counted before the hash, and forgiven with the new session.
        #expect(world.store.writes == [.normal, .normal, .normal, .normal, .normal, .normal])
    }

    /// The device's exit lock is written durably (a forgotten lock would let the child out); the rest of the device's
    /// state, such as a silent switch, normally.
    @Test func theDeviceWritesItsExitLockImmediatelyAndTheRestNormally() async throws {
        let world = try await World()
        world.deviceStore.forget()
        try await ExitLock(pins: world.service, device: world.deviceStore).release()
        #expect(world.deviceStore.writes == [.immediate])
        world.deviceStore.forget()
        _ = try await world.device.switchAccount(to: "eli@example.com", password: nil)
        #expect(world.deviceStore.writes == [.normal])
    }
}

/// An in-memory device store that records the durability each update asked for.
final class RecordingDeviceStore: DeviceStore {
    private let base = InMemoryDeviceStore()
    private let recorded = Mutex<[Durability]>([])

    var writes: [Durability] { recorded.withLock { $0 } }
    func forget() { recorded.withLock { $0 = [] } }

    func load() async throws -> DeviceState { await base.load() }

    func update<T: Sendable>(
        durability: Durability, _ change: @Sendable (inout DeviceState) throws -> T
    ) async throws -> T {
        recorded.withLock { $0.append(durability) }
        return try await base.update(durability: durability, change)
    }
}
