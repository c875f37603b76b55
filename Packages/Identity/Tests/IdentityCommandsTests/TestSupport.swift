import Accounts
import Argon2
import Console
import Device
import Foundation
import Identity
import IdentityCommands
import IdentityMemory
import IdentityWire
import Kernel
import Synchronization
import WebAuthn

/// One device: an in-memory store, a manual clock, a seeded random source and cheap Argon2, with the
/// Identity plugin in a shell whose output is captured. Every line's output and errors are also kept in
/// `transcript`, so a test can check that no password ever appeared anywhere.
final class Device: Sendable {
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 2025)
    let store = InMemoryIdentityStore()
    let deviceStore = InMemoryDeviceStore()
    let service: LocalIdentityService
    /// This device's saved accounts and current account.
    let accounts: ThisDevice
    let registry: CommandRegistry
    private let log = Mutex("")

    /// A device whose Google sign-in (when given) runs through `authorization`, its tokens checked by `verifiers`;
    /// passkeys are made for `passkeys` (none: not set up).
    init(
        authorization: (any ProviderAuthorization)? = nil, verifiers: [any IDTokenVerifier] = [],
        passkeys: PasskeyRelyingParty? = nil
    ) throws {
        service = LocalIdentityService(
            store: store,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random),
                verifiers: verifiers, device: deviceStore, passkeys: passkeys))
        accounts = ThisDevice(store: deviceStore, sessions: service, clock: clock)
        registry = try CommandRegistry(plugins: [
            IdentityPlugin(
                service: service, device: accounts, authorization: authorization, pins: service, approvals: service)
        ])
    }

    /// What one line did.
    struct Run {
        let outcome: Shell.Outcome
        let output: String
        let errors: String

        var exitCode: Int32 { outcome.exitCode }
        /// The one JSON value printed, as a dictionary.
        var object: [String: Any] { (try? parseJSON(output)) as? [String: Any] ?? [:] }
        /// The one JSON value printed, as an array of dictionaries.
        var array: [[String: Any]] { (try? parseJSON(output)) as? [[String: Any]] ?? [] }
    }

    /// Runs one line as the REPL or a script would, with its own interaction and environment.
    @discardableResult
    func run(
        _ line: String, json: Bool = false, yes: Bool = false, interaction: any Interaction = NoInteraction(),
        environment: [String: String] = [:], standardInputIsFree: Bool = false
    ) async -> Run {
        let output = CapturedText()
        let errors = CapturedText()
        let shell = Shell(
            registry: registry, output: output, errors: errors, interaction: interaction,
            environment: environment, outputIsTerminal: false, jsonEncoder: KithJSON.encoder())
        let outcome = await shell.run(
            line: line,
            defaults: Shell.Defaults(json: json, assumeYes: yes, standardInputIsFree: standardInputIsFree))
        let run = Run(outcome: outcome, output: output.text, errors: errors.text)
        log.withLock { $0 += "> \(line)\n" + run.output + run.errors }
        return run
    }

    /// Signs up `email` with a password from the environment; the new account becomes current.
    @discardableResult
    func signUp(_ email: String, first: String, last: String, password: String = "correct horse battery")
        async -> Run
    {
        await run("signup \(email) --first \(first) --last \(last)", environment: ["KITH_PASSWORD": password])
    }

    /// Everything every line printed so far, commands excluded.
    var transcript: String {
        log.withLock { text in
            text.split(separator: "\n").filter { !$0.hasPrefix("> ") }.joined(separator: "\n")
        }
    }

    static let day: TimeInterval = 24 * 60 * 60
}

/// The value of one line of JSON.
func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// The keys of a JSON object, as a set.
func keys(_ object: [String: Any]) -> Set<String> { Set(object.keys) }

/// A new file holding `text` under the temporary folder.
func temporaryFile(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "kith-identity-commands-" + UUID().uuidString
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
