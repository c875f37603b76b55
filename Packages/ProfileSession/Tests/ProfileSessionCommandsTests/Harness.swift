import Accounts
import Argon2
import Console
import Device
import Foundation
import Households
import Identity
import IdentityMemory
import IdentityWire
import Kernel
import Preferences
import PreferencesCommands
import ProfileSession
import ProfileSessionCommands
import Testing

/// A device with Dana signed up (cheap Argon2), and a shell with the ProfileSession and Preferences plugins
/// over it, principals coming from the ProfileSession manager as in the app.
struct Harness {
    let output = CapturedText()
    let errors = CapturedText()
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 77)
    let store = InMemoryIdentityStore()
    let deviceStore = InMemoryDeviceStore()
    let identity: LocalIdentityService
    let device: ThisDevice
    let manager: ProfileSessionManager
    let shell: Shell

    init(environment: [String: String] = [:]) throws {
        identity = LocalIdentityService(
            store: store,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random),
                device: deviceStore))
        device = ThisDevice(store: deviceStore, sessions: identity, clock: clock)
        manager = ProfileSessionManager(
            profiles: identity, device: device, exitLock: ExitLock(pins: identity, device: deviceStore))
        let preferences = LocalPreferencesService(
            store: InMemoryPreferencesStore(identity: store), clock: clock, random: random)
        let registry = try CommandRegistry(plugins: [
            ProfileSessionPlugin(manager: manager, identity: identity),
            PreferencesPlugin(service: preferences, principals: manager),
        ])
        shell = Shell(
            registry: registry, output: output, errors: errors, interaction: NoInteraction(),
            environment: environment, outputIsTerminal: false, jsonEncoder: KithJSON.encoder())
    }

    /// Dana Reyes signs up and creates the Reyes household.
    @discardableResult
    func dana(household: Bool = true) async throws -> Principal {
        _ = try await device.signUp(
            SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Reyes", password: "password-dana"))
        guard let dana = try await device.currentPrincipal() else { throw IdentityError.notSignedIn }
        if household { _ = try await identity.createHousehold(dana, name: "Reyes") }
        return dana
    }

    /// Dana (as `dana()`) and Max, a managed member (no avatar) she guards.
    func danaAndMax() async throws -> (dana: Principal, max: Member) {
        let dana = try await self.dana()
        return (dana, try await identity.addManagedMember(dana, displayName: "Max", avatarKey: ""))
    }

    func run(_ line: String, json: Bool = false) async -> Shell.Outcome {
        await shell.run(line: line, defaults: Shell.Defaults(json: json))
    }

    /// Runs a line that must succeed and returns its human output.
    func text(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async -> String {
        let outcome = await run(line)
        #expect(outcome == .success, "\(line): \(errors.take())", sourceLocation: sourceLocation)
        return output.take()
    }

    /// Runs a line with `--json` that must succeed and print exactly one JSON value.
    func json(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Any {
        let outcome = await run(line, json: true)
        #expect(outcome == .success, "\(line): \(errors.take())", sourceLocation: sourceLocation)
        let text = output.take()
        #expect(
            text.hasSuffix("\n") && text.dropLast().split(separator: "\n").count == 1, sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    func object(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        try #require(
            try await json(line, sourceLocation: sourceLocation) as? [String: Any], sourceLocation: sourceLocation)
    }

    func array(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
        try #require(
            try await json(line, sourceLocation: sourceLocation) as? [[String: Any]], sourceLocation: sourceLocation)
    }
}
