import Accounts
import Argon2
import Console
import FamilyCodes
import FamilyCodesCommands
import Foundation
import Identity
import IdentityMemory
import IdentityTesting
import IdentityWire
import Kernel

/// The FamilyCodes plugin over in-memory stores, run through Console's `Shell` with captured output.
final class Harness: Sendable {
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 5)
    let identityStore = InMemoryIdentityStore()
    let store: InMemoryFamilyCodeStore
    let identity: LocalIdentityService
    let service: LocalFamilyCodeService
    let principals = TestPrincipals()
    let output = CapturedText()
    let errors = CapturedText()
    let shell: Shell

    init(interaction: any Interaction = NoInteraction()) throws {
        store = InMemoryFamilyCodeStore(identity: identityStore)
        identity = LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        service = LocalFamilyCodeService(store: store, clock: clock, random: random)
        let plugin = FamilyCodesPlugin(service: service, principals: principals, identity: identity)
        shell = Shell(
            registry: try CommandRegistry(plugins: [plugin]), output: output, errors: errors,
            interaction: interaction, environment: [:], outputIsTerminal: false, jsonEncoder: KithJSON.encoder())
    }

    /// Registers `first@example.com` ("First Lastname") and makes it the caller.
    @discardableResult
    func account(_ first: String, _ role: AccountRole, lastName: String = "Tester") async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: lastName,
                password: "password-\(first)", role: role))
        let principal = try await identity.principal(forToken: grant.token)
        principals.set(principal)
        return principal
    }

    /// Runs one line; returns its exit code, and what it printed on stdout and stderr (only this line's).
    func run(_ line: String, json: Bool = false, yes: Bool = false) async -> (code: Int32, out: String, err: String) {
        let outBefore = output.text.count
        let errBefore = errors.text.count
        let outcome = await shell.run(line: line, defaults: Shell.Defaults(json: json, assumeYes: yes))
        return (outcome.exitCode, String(output.text.dropFirst(outBefore)), String(errors.text.dropFirst(errBefore)))
    }

    /// The JSON a `--json` run printed.
    func json(_ line: String) async throws -> Any {
        let result = await run(line, json: true)
        guard result.code == 0 else { throw IdentityError.notFound(.request, result.err) }
        return try JSONSerialization.jsonObject(with: Data(result.out.utf8), options: [.fragmentsAllowed])
    }
}
