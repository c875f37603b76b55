import Argon2
import Foundation
import Identity
import Testing

/// What a contract case runs against: the stores a test target built, with a test clock, a seeded random source and
/// a cheap, counting hasher.
///
/// The domain's tests build it over the in-memory store, the SQLite tests over SQLite and PostgreSQL. A store that
/// keeps this device's state (saved accounts, the current account) is also its `deviceStore`; a server's store, as
/// PostgreSQL's, keeps none, so the cases about a device run only where there is one.
public final class IdentityContractEnvironment: Sendable {
    public let clock = ManualClock()
    public let random = SeededRandomSource(seed: 2025)
    public let hasher: CountingHasher
    public let store: any IdentityStore
    /// The same store with this device's state; nil on a server's store (PostgreSQL).
    public let deviceStore: (any DeviceIdentityStore)?

    public init(store: any IdentityStore, deviceStore: (any DeviceIdentityStore)?) {
        hasher = CountingHasher(Argon2PasswordHasher(parameters: .testing, random: random))
        self.store = store
        self.deviceStore = deviceStore
    }

    /// Over a store that keeps this device's state too (in memory, SQLite).
    public convenience init(deviceStore: any DeviceIdentityStore) {
        self.init(store: deviceStore.identityStore, deviceStore: deviceStore)
    }

    /// Over a server's store, which keeps no device (PostgreSQL).
    public convenience init(serverStore: any IdentityStore) {
        self.init(store: serverStore, deviceStore: nil)
    }

    /// A new process on the same device (same store), or a server when the store keeps no device.
    public func service(verifiers: [any IDTokenVerifier] = []) -> LocalIdentityService {
        guard let deviceStore else {
            return LocalIdentityService(
                serverStore: store, clock: clock, random: random, hasher: hasher, verifiers: verifiers)
        }
        return LocalIdentityService(
            store: deviceStore, clock: clock, random: random, hasher: hasher, verifiers: verifiers)
    }

    /// The store with this device's state, for the cases of stores that keep one.
    public func requireDeviceStore() throws -> any DeviceIdentityStore {
        try #require(deviceStore, "a store that keeps this device's state")
    }

    public static let day: TimeInterval = 24 * 60 * 60
}
