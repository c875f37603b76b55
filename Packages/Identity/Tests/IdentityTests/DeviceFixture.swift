import Accounts
import Argon2
import Device
import Identity
import Kernel
import Testing

/// A service over `store` with a manual clock and a cheap hasher seeded by `seed`, and this device over
/// `deviceStore`: the start of the suites that watch what reaches the stores.
func serviceOnDevice(store: any IdentityStore, device deviceStore: any DeviceStore, seed: UInt64)
    -> (service: LocalIdentityService, device: ThisDevice)
{
    let random = SeededRandomSource(seed: seed)
    let service = LocalIdentityService(
        store: store,
        options: IdentityOptions(
            clock: ManualClock(), random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random),
            device: deviceStore))
    return (service, ThisDevice(store: deviceStore, sessions: service))
}

extension ThisDevice {
    /// Signs up an account with the password "correct horse" on this device, and returns it: now the current one.
    func signUp(_ email: String, first: String, last: String) async throws -> Principal {
        _ = try await signUp(SignUp(email: email, firstName: first, lastName: last, password: "correct horse"))
        return try #require(try await currentPrincipal())
    }
}
