import Accounts
import Argon2
import Console
import Foundation
import Households
import Identity
import IdentityMemory
import IdentityTesting
import IdentityWire
import Kernel
import Testing
import Votes
import VotesCommands

/// Reyes over in-memory stores: Dana (owner, guardian of Max) and Erin (a parent), three members in all; and a shell
/// with the Votes plugin, whose caller the test sets.
struct Harness {
    let output = CapturedText()
    let errors = CapturedText()
    let shell: Shell
    let principals: TestPrincipals
    let service: LocalVoteService
    let identity: LocalIdentityService
    let dana: Principal
    let erin: Principal
    let max: Member

    init() async throws {
        let random = SeededRandomSource(seed: 9)
        let clock = ManualClock()
        let identityStore = InMemoryIdentityStore()
        let identity = LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        self.identity = identity
        func account(_ name: String) async throws -> Principal {
            let grant = try await identity.register(
                SignUp(
                    email: "\(name.lowercased())@example.com", firstName: name, lastName: "Reyes",
                    password: "password-\(name.lowercased())"))
            return try await identity.principal(forToken: grant.token)
        }
        let dana = try await account("Dana")
        self.dana = dana
        let erin = try await account("Erin")
        self.erin = erin
        let household = try await identity.createHousehold(dana, name: "Reyes")
        max = try await identity.addManagedMember(dana, displayName: "Max", avatarKey: "")
        _ = try await identity.joinHousehold(erin, householdId: household.id, role: .parent)
        service = LocalVoteService(store: InMemoryVoteStore(identity: identityStore), clock: clock, random: random)
        principals = TestPrincipals(dana)
        var registry = CommandRegistry()
        for command in VotesPlugin(service: service, principals: principals).commands {
            try registry.register(command, feature: "votes")
        }
        shell = Shell(
            registry: registry, output: output, errors: errors, interaction: NoInteraction(), environment: [:],
            outputIsTerminal: false, jsonEncoder: KithJSON.encoder())
    }

    func run(_ line: String, json: Bool = false) async -> Shell.Outcome {
        await shell.run(line: line, defaults: Shell.Defaults(json: json))
    }

    /// The one JSON value `line --json` prints.
    func json(_ line: String) async throws -> [String: Any] {
        let outcome = await run(line, json: true)
        #expect(outcome == .success, "\(line): \(errors.text)")
        let text = output.take()
        #expect(text.split(separator: "\n").count == 1)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `line`'s human output, which must succeed.
    func text(_ line: String) async -> String {
        let outcome = await run(line)
        #expect(outcome == .success, "\(line): \(errors.text)")
        return output.take()
    }

    var danaAsMax: Principal {
        var principal = dana
        principal.actingAs = ActingAs(memberId: max.memberId, displayName: max.displayName)
        return principal
    }

    func actAsMax() { principals.set(danaAsMax) }
}
