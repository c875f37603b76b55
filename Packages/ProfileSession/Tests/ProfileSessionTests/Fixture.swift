import Accounts
import Argon2
import Device
import Foundation
import Identity
import IdentityMemory
import IdentityTesting
import Kernel
import ProfileSession
import Testing

/// One device (in-memory Identity and device stores) where each "process" has its own service and `ThisDevice`.
final class Device: Sendable {
    let clock = ManualClock()
    let random: SeededRandomSource
    let store = InMemoryIdentityStore()
    let deviceStore = InMemoryDeviceStore()

    init(seed: UInt64 = 2025) {
        random = SeededRandomSource(seed: seed)
    }

    /// A new process on this device: it starts as the device's current account.
    func process() -> DeviceProcess {
        let identity = LocalIdentityService(
            store: store,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random),
                device: deviceStore))
        return DeviceProcess(
            identity: identity, device: ThisDevice(store: deviceStore, sessions: identity, clock: clock))
    }
}

/// One process: its Identity service and its view of this device.
struct DeviceProcess: Sendable {
    let identity: LocalIdentityService
    let device: ThisDevice

    /// Signs up `name@example.com` as "Name Tester" with password "password-name" and makes it this process's account.
    @discardableResult
    func signUp(_ name: String) async throws -> Account {
        try await device.signUp(name)
    }

    /// The principal of this process, which must be signed in.
    func me() async throws -> Principal { try await device.requirePrincipal() }

    /// A profile-session manager of this process.
    func manager(exitLock: ExitLock? = nil) -> ProfileSessionManager {
        ProfileSessionManager(profiles: identity, device: device, exitLock: exitLock)
    }
}

/// Runs `body` and returns the error it threw as its sentence (nil if it did not throw).
func refusal(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch {
        return String(describing: error)
    }
}

let notAvailable = "That profile is not available to switch to"
