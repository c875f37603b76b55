import Console
import Foundation
import IdentityCommands
import IdentityWire
import Kernel
import Testing

@Suite("Every command's --json, and exit codes")
struct JSONAndExitCodeTests {
    @Test("each command prints exactly one JSON value with its fields")
    func everyCommand() async throws {
        let device = try Device()
        let password = ["KITH_PASSWORD": "correct horse battery"]
        let both = ["KITH_PASSWORD": "correct horse battery", "KITH_NEW_PASSWORD": "another horse battery"]
        let lines: [(String, [String: String], Set<String>)] = [
            ("signup dana@example.com --first Dana --last Reyes", password, ["accountId", "persona", "actingAs"]),
            ("signup sam@example.com --first Sam --last Kim", password, ["accountId"]),
            ("accounts switch dana@example.com", [:], ["message"]),
            ("whoami", [:], ["accountId", "email", "firstName", "lastName", "role", "actingAs", "persona"]),
            ("name --first Dana --last Reyes", [:], ["firstName", "lastName"]),
            ("role parent", [:], ["role"]),
            ("password", both, ["message"]),
            ("household create Home", [:], ["householdId", "name", "ownerAccountId", "members"]),
            ("household rename 'Our Home'", [:], ["householdId", "name"]),
            ("household use 'our home'", [:], ["householdId", "name"]),
            ("household", [:], ["householdId", "name", "ownerAccountId", "members"]),
            ("member add Mia", [:], ["memberId", "displayName"]),
            ("member add Leo", [:], ["memberId", "displayName"]),
            ("member guardian add Mia dana@example.com", [:], ["memberId", "guardianAccountIds"]),
            ("member remove Leo", [:], ["memberId", "displayName"]),
            ("accounts remove sam@example.com", [:], ["message"]),
            ("logout", [:], ["message"]),
            ("login dana@example.com", ["KITH_PASSWORD": "another horse battery"], ["accountId", "email"]),
        ]
        for (line, environment, expected) in lines {
            let run = await device.run(line, json: true, yes: true, environment: environment)
            #expect(run.exitCode == 0, "\(line): \(run.errors)")
            #expect(run.output.hasSuffix("\n") && run.output.dropLast().split(separator: "\n").count == 1, "\(line)")
            #expect(keys(run.object).isSuperset(of: expected), "\(line): \(run.output)")
        }
        for line in ["accounts", "households"] {
            let run = await device.run(line, json: true)
            #expect(run.exitCode == 0)
            #expect(!run.array.isEmpty, "\(line)")
        }
    }

    @Test("usage errors exit with 2, refusals with 1")
    func exitCodes() async throws {
        let device = try Device()
        #expect(await device.run("accounts frobnicate").exitCode == 2)
        #expect(await device.run("accounts switch").exitCode == 2)
        #expect(await device.run("role").exitCode == 2)
        #expect(await device.run("whoami extra").exitCode == 2)
        #expect(await device.run("member guardian add Mia").exitCode == 2)
        #expect(await device.run("signup a@b.co --first A --last B --colour red").exitCode == 2)
        let notSignedIn = await device.run("household create Home")
        #expect(notSignedIn.exitCode == 1)
        #expect(notSignedIn.errors == "error: Not signed in. Use `login` or `signup` first.\n")
        #expect(await device.run("member add Mia").exitCode == 1)
        #expect(await device.run("name --first A --last B").exitCode == 1)
    }

    @Test("the plugin is named identity and registers its commands once")
    func plugin() throws {
        let device = try Device()
        let plugin = IdentityPlugin(service: device.service, device: device.accounts, pins: device.service)
        #expect(plugin.name == "identity")
        let names = plugin.commands.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(
            Set(names) == [
                "signup", "login", "logout", "whoami", "accounts", "accounts switch", "accounts remove", "name",
                "password", "password forgot", "password reset", "role", "account-type", "link", "unlink", "verify",
                "email change", "email confirm", "household", "households", "household use",
                "household create",
                "household rename", "household leave", "member add", "member remove", "member guardian add",
                "member guardian remove", "member pin set", "member pin clear", "member graduate", "sessions",
                "sessions end", "account delete", "account export", "member export", "2fa", "2fa enable",
                "2fa disable", "2fa recovery-codes", "passkeys add", "passkeys", "passkeys remove",
            ])
    }

    @Test("styled output uses escapes; plain output none")
    func style() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        await device.run("household create Home")
        let output = CapturedText()
        let shell = Shell(
            registry: device.registry, output: output, errors: CapturedText(), interaction: NoInteraction(),
            environment: [:], outputIsTerminal: true, jsonEncoder: KithJSON.encoder())
        _ = await shell.run(line: "accounts", defaults: Shell.Defaults())
        _ = await shell.run(line: "household", defaults: Shell.Defaults())
        #expect(output.text.contains("\u{1B}["))
        #expect(!(await device.run("household").output.contains("\u{1B}")))
    }
}
