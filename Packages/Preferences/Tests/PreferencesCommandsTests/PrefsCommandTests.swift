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
import Preferences
import PreferencesCommands
import Testing

/// Dana (guardian of Max) over in-memory stores, and a shell with the Preferences plugin.
struct Harness {
    let output = CapturedText()
    let errors = CapturedText()
    let shell: Shell
    let principals: TestPrincipals
    let service: LocalPreferencesService
    let identity: LocalIdentityService
    let dana: Principal
    let max: Member

    init(environment: [String: String] = [:]) async throws {
        let random = SeededRandomSource(seed: 9)
        let clock = ManualClock()
        let identityStore = InMemoryIdentityStore()
        identity = LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        let grant = try await identity.register(
            SignUp(email: "dana@example.com", firstName: "Dana", lastName: "Reyes", password: "password-dana"))
        let dana = try await identity.principal(forToken: grant.token)
        self.dana = dana
        _ = try await identity.createHousehold(dana, name: "Reyes")
        max = try await identity.addManagedMember(dana, displayName: "Max", avatarKey: "")
        service = LocalPreferencesService(
            store: InMemoryPreferencesStore(identity: identityStore), clock: clock, random: random)
        principals = TestPrincipals(dana)
        var registry = CommandRegistry()
        for command in PreferencesPlugin(service: service, principals: principals).commands {
            try registry.register(command, feature: "preferences")
        }
        shell = Shell(
            registry: registry, output: output, errors: errors, interaction: NoInteraction(),
            environment: environment, outputIsTerminal: false, jsonEncoder: KithJSON.encoder())
    }

    func run(_ line: String, json: Bool = false) async -> Shell.Outcome {
        await shell.run(line: line, defaults: Shell.Defaults(json: json))
    }

    func json(_ line: String) async throws -> [String: Any] {
        let outcome = await run(line, json: true)
        #expect(outcome == .success, "\(line): \(errors.text)")
        let text = output.take()
        #expect(text.split(separator: "\n").count == 1)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func actAsMax() {
        var principal = dana
        principal.actingAs = ActingAs(memberId: max.memberId, displayName: max.displayName)
        principals.set(principal)
    }
}

@Suite("prefs commands")
struct PrefsCommandTests {
    @Test("prefs --json carries memberId, theme, fontSizeOffset, effectiveTheme")
    func json() async throws {
        let harness = try await Harness()
        let value = try await harness.json("prefs")
        #expect(value["memberId"] as? String == harness.dana.accountId)
        #expect(value["theme"] as? String == "system")
        #expect(value["fontSizeOffset"] as? Int == 0)
        #expect(value["effectiveTheme"] as? String == "light")
    }

    @Test("system follows COLORFGBG of the shell's environment")
    func effective() async throws {
        let harness = try await Harness(environment: ["COLORFGBG": "15;0"])
        #expect(try await harness.json("prefs")["effectiveTheme"] as? String == "dark")
        _ = try await harness.json("prefs theme light")
        #expect(try await harness.json("prefs")["effectiveTheme"] as? String == "light")
    }

    @Test("theme, font size and reset")
    func setters() async throws {
        let harness = try await Harness()
        var value = try await harness.json("prefs theme dark")
        #expect(value["theme"] as? String == "dark" && value["effectiveTheme"] as? String == "dark")
        value = try await harness.json("prefs font-size xl")
        #expect(value["fontSizeOffset"] as? Int == 4 && value["theme"] as? String == "dark")
        value = try await harness.json("prefs font-size S")
        #expect(value["fontSizeOffset"] as? Int == -2)
        value = try await harness.json("prefs reset")
        #expect(value["theme"] as? String == "system" && value["fontSizeOffset"] as? Int == 0)
        value = try await harness.json("prefs")
        #expect(value["theme"] as? String == "system" && value["fontSizeOffset"] as? Int == 0)
    }

    @Test("human output, and the banner while acting")
    func human() async throws {
        let harness = try await Harness()
        #expect(await harness.run("prefs theme dark") == .success)
        let mine = harness.output.take()
        #expect(mine.hasPrefix("Theme set to dark."))
        #expect(!mine.contains("Setting preferences for"))
        harness.actAsMax()
        #expect(await harness.run("prefs") == .success)
        let max = harness.output.take()
        #expect(max.hasPrefix("Setting preferences for Max\n"))
        #expect(max.contains("system"))
        #expect(await harness.run("prefs font-size L") == .success)
        #expect(harness.output.take().hasPrefix("Setting preferences for Max\nFont size set to L."))
        let value = try await harness.json("prefs")
        #expect(value["memberId"] as? String == harness.max.memberId)
        #expect(value["fontSizeOffset"] as? Int == 2)
        harness.principals.set(harness.dana)
        #expect(try await harness.json("prefs")["theme"] as? String == "dark")
        #expect(try await harness.json("prefs")["fontSizeOffset"] as? Int == 0)
    }

    @Test(
        "bad values are usage errors and change nothing",
        arguments: ["prefs theme purple", "prefs font-size XXL", "prefs theme", "prefs reset now"])
    func usage(_ line: String) async throws {
        let harness = try await Harness()
        #expect(await harness.run(line).exitCode == 2)
        #expect(try await harness.json("prefs")["theme"] as? String == "system")
    }

    @Test("not signed in")
    func signedOut() async throws {
        let harness = try await Harness()
        harness.principals.set(nil)
        #expect(await harness.run("prefs") == .failed(code: 1, message: IdentityError.notSignedIn.description))
        #expect(await harness.run("prefs theme dark").exitCode == 1)
    }

    @Test("the palette follows the active member's effective theme")
    func palette() async throws {
        let harness = try await Harness(environment: ["COLORFGBG": "0;15"])
        #expect(PreferencesPalette.palette(for: .dark) == .dark)
        #expect(PreferencesPalette.palette(for: .light) == .light)
        func current() async -> Style.Palette {
            await PreferencesPalette.palette(
                service: harness.service, principals: harness.principals, environment: ["COLORFGBG": "0;15"])
        }
        #expect(await current() == .light)
        harness.actAsMax()
        _ = try await harness.json("prefs theme dark")
        #expect(await current() == .dark)
        harness.principals.set(harness.dana)
        #expect(await current() == .light)
        harness.principals.set(nil)
        #expect(
            await PreferencesPalette.palette(
                service: harness.service, principals: harness.principals, environment: ["COLORFGBG": "15;0"]) == .dark)
    }
}
