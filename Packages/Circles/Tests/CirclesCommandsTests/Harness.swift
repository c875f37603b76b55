import Accounts
import Argon2
import Circles
import CirclesCommands
import Console
import Foundation
import Identity
import IdentityMemory
import IdentityTesting
import IdentityWire
import Kernel

/// Two accounts (Dana Reyes, the owner; Sam Kim, the viewer) and the Circles plugin over in-memory stores, run
/// through Console's `Shell` with captured output.
final class Harness: Sendable {
    let clock = ManualClock()
    let random = SeededRandomSource(seed: 7)
    let identityStore = InMemoryIdentityStore()
    let identity: LocalIdentityService
    let service: LocalCirclesService
    let principals = TestPrincipals()
    let plugin: CirclesPlugin
    let registry: CommandRegistry
    let dana: Principal
    let sam: Principal

    init() async throws {
        identity = LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        service = LocalCirclesService(
            store: InMemoryCirclesStore(identity: identityStore), clock: clock, random: random)
        plugin = CirclesPlugin(service: service, principals: principals)
        registry = try CommandRegistry(plugins: [plugin])
        dana = try await Self.signUp(identity, "dana@example.com", "Dana", "Reyes")
        sam = try await Self.signUp(identity, "sam@example.com", "Sam", "Kim")
        principals.set(dana)
    }

    private static func signUp(_ identity: LocalIdentityService, _ email: String, _ first: String, _ last: String)
        async throws -> Principal
    {
        let grant = try await identity.register(
            SignUp(email: email, firstName: first, lastName: last, password: "password-\(first)"))
        return try await identity.principal(forToken: grant.token)
    }

    func asDana() { principals.set(dana) }
    func asSam() { principals.set(sam) }
    func signOut() { principals.set(nil) }

    /// What one line did.
    struct Run {
        let code: Int32
        let out: String
        let err: String

        var object: [String: Any] { (try? parse(out)) as? [String: Any] ?? [:] }
        var array: [[String: Any]] { (try? parse(out)) as? [[String: Any]] ?? [] }
        /// The printed lines, without the final newline's empty one.
        var lines: [String] {
            var lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    /// Runs one line as the REPL or a script does; `terminal` turns on colour.
    @discardableResult
    func run(
        _ line: String, json: Bool = false, yes: Bool = false, interaction: any Interaction = NoInteraction(),
        terminal: Bool = false
    ) async -> Run {
        let output = CapturedText()
        let errors = CapturedText()
        let shell = shell(output: output, errors: errors, interaction: interaction, terminal: terminal)
        let outcome = await shell.run(line: line, defaults: Shell.Defaults(json: json, assumeYes: yes))
        return Run(code: outcome.exitCode, out: output.text, err: errors.text)
    }

    /// A shell over the plugin, writing to `output` and `errors`, for a line, a script or the REPL.
    func shell(
        output: CapturedText, errors: CapturedText, interaction: any Interaction = NoInteraction(),
        terminal: Bool = false
    ) -> Shell {
        Shell(
            registry: registry, output: output, errors: errors, interaction: interaction, environment: [:],
            outputIsTerminal: terminal, jsonEncoder: KithJSON.encoder())
    }

    /// Runs lines that must all succeed (set-up steps), with --yes.
    func setUp(_ lines: String...) async throws {
        for line in lines {
            let result = await run(line, yes: true)
            guard result.code == 0 else { throw SetUpFailure(line: line, error: result.err) }
        }
    }

    /// Dana with contacts Sam (linked to Sam's account), Ana and Leo; Sam and Ana in Friends, Leo in Family.
    func world() async throws {
        asDana()
        try await setUp(
            "contact add 'Sam Kim' --account sam@example.com --phone '+1 555 0101'",
            "contact add 'Ana Lima' --email ana@example.com", "contact add 'Leo Park'",
            "circle add Friends 'Sam Kim' 'Ana Lima'", "circle add Family 'Leo Park'")
    }
}

struct SetUpFailure: Error, CustomStringConvertible {
    let line: String
    let error: String
    var description: String { "\(line): \(error)" }
}

func parse(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

func keys(_ object: [String: Any]) -> Set<String> { Set(object.keys) }

/// The display column where each grid cell (✓ ✗ ?) starts on a row of the grid.
func symbolColumns(_ line: String) -> [Int] {
    var columns: [Int] = []
    var width = 0
    for character in line {
        if character == "✓" || character == "✗" || character == "?" { columns.append(width) }
        width += DisplayWidth.of(character)
    }
    return columns
}

/// The display column where each of `names` starts in `line`.
func nameColumns(_ line: String, _ names: [String]) -> [Int] {
    names.compactMap { name in
        line.range(of: name).map { DisplayWidth.of(String(line[..<$0.lowerBound])) }
    }
}
