import Accounts
import Console
import Foundation
import IdentityCommands
import Testing

@Suite("account delete, account export and member export")
struct AccountLeavingCommandsTests {
    static let password = "correct horse battery"

    @Test("account delete: the password, then the question; no is no, and the only guardian is refused first")
    func deleting() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        await device.run("household create Home")
        await device.run("member add Mia")
        await device.run("member add Max")

        // Refused before anything is asked, every member named.
        let nobodyAsked = ScriptedInteraction(answers: [])
        let orphans = await device.run("account delete", interaction: nobodyAsked)
        #expect(orphans.exitCode == 1)
        #expect(
            orphans.errors
                == "error: You are the only guardian of Mia, Max. Add another guardian, graduate them, or remove them first.\n"
        )
        #expect(nobodyAsked.questions.isEmpty)
        await device.run("member remove Mia", yes: true)
        await device.run("member remove Max", yes: true)

        // A no keeps everything; a script without --yes is refused; a wrong password deletes nothing.
        let declined = ScriptedInteraction(answers: [Self.password, "n"])
        #expect(
            await device.run("account delete", interaction: declined).errors == "error: Cancelled: nothing changed.\n")
        #expect(
            declined.questions == [
                "Password: ", "Delete dana@example.com and everything it holds? This cannot be undone. [y/N] ",
            ])
        let script = await device.run("account delete", environment: ["KITH_PASSWORD": Self.password])
        #expect(script.exitCode == 1)
        #expect(script.errors == "error: This needs confirmation: run it again with --yes.\n")
        let wrong = await device.run("account delete", yes: true, environment: ["KITH_PASSWORD": "not it at all"])
        #expect(wrong.errors == "error: Email or password is incorrect\n")
        #expect(await device.run("whoami").exitCode == 0)

        let deleted = await device.run(
            "account delete", json: true, interaction: ScriptedInteraction(answers: [Self.password, "y"]))
        #expect(deleted.exitCode == 0)
        #expect(deleted.object["deleted"] as? String == "dana@example.com")
        #expect(await device.run("whoami").errors == "error: Not signed in. Use `login` or `signup` first.\n")
        #expect(await device.run("accounts", json: true).array.isEmpty)
        // The email is free again.
        #expect(await device.signUp("dana@example.com", first: "Dana", last: "Reyes").exitCode == 0)
    }

    @Test("account delete is refused while acting, before anything is asked")
    func whileActing() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        await device.run("household create Home")
        await device.run("member add Mia")
        let acting = try #require(
            try await device.accounts.currentPrincipal().map { principal -> Principal in
                var acting = principal
                acting.actingAs = ActingAs(memberId: "managed_x", displayName: "Mia")
                return acting
            })
        await #expect(throws: IdentityError.notWhileActing("Mia")) {
            try await device.service.deleteAccount(acting, password: Self.password)
        }
    }

    @Test("account export: the document on stdout, as --json, or in a 0600 file; member export for guardians")
    func exporting() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        await device.run("household create Home")
        await device.run("member add Mia")

        let text = await device.run("account export")
        #expect(text.exitCode == 0)
        let document = try #require(try parseJSON(text.output) as? [String: Any])
        #expect(document["format"] as? String == "kith.export.v1")
        #expect(text.output.contains("\n  \""))  // indented for reading
        let json = await device.run("account export", json: true)
        #expect(json.object["format"] as? String == "kith.export.v1")
        #expect((json.object["identity"] as? [String: Any])?["account"] != nil)

        let folder = NSTemporaryDirectory() + "kith-export-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/dana.json"
        // An existing file is replaced, and ends up private either way.
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644])
        let written = await device.run("account export --output \(path)", json: true)
        #expect(written.object["path"] as? String == path)
        #expect(written.object["format"] as? String == "kith.export.v1")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect((saved["subject"] as? [String: Any])?["kind"] as? String == "account")
        let nowhere = await device.run("account export --output \(folder)/missing/dana.json")
        #expect(nowhere.exitCode == 1)
        #expect(nowhere.errors == "error: Could not write \(folder)/missing/dana.json\n")

        let member = await device.run("member export Mia", json: true)
        #expect((member.object["subject"] as? [String: Any])?["kind"] as? String == "member")
        #expect(await device.run("member export Nobody").errors == "error: No member named Nobody\n")
    }
}
