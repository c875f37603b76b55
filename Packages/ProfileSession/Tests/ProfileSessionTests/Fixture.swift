import Argon2
import Foundation
import Identity
import ProfileSession
import Testing

/// One device (an in-memory Identity store) where each "process" is its own `LocalIdentityService`.
final class Device: Sendable {
    let clock = ManualClock()
    let random: SeededRandomSource
    let store = InMemoryIdentityStore()

    init(seed: UInt64 = 2025) {
        random = SeededRandomSource(seed: seed)
    }

    /// A new process on this device: it starts as the device's current account.
    func process() -> LocalIdentityService {
        LocalIdentityService(
            store: store, clock: clock, random: random,
            hasher: Argon2PasswordHasher(parameters: .testing, random: random))
    }
}

extension LocalIdentityService {
    /// Signs up `name@example.com` as "Name Tester" with password "password-name" and makes it this process's account.
    @discardableResult
    func signUp(_ name: String) async throws -> Account {
        try await signUp(
            SignUp(
                email: email(name), firstName: name, lastName: "Tester", password: password(name)))
    }

    /// The principal of this process, which must be signed in.
    func me() async throws -> Principal {
        guard let principal = try await currentPrincipal() else { throw IdentityError.notSignedIn }
        return principal
    }
}

func email(_ name: String) -> String { "\(name.lowercased())@example.com" }
func password(_ name: String) -> String { "password-\(name.lowercased())" }

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
