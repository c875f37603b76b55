import Console
import Foundation
import IdentityCommands
import Testing

@Suite("Account commands")
struct AccountCommandsTests {
    @Test("signup, then whoami --json has exactly the contract's fields")
    func signupAndWhoami() async throws {
        let device = try Device()
        let signup = await device.run(
            "signup dana@example.com --first Dana --last Reyes --role parent --json",
            environment: ["KITH_PASSWORD": "correct horse battery"])
        #expect(signup.exitCode == 0)
        #expect(signup.object["email"] as? String == "dana@example.com")
        #expect(signup.object["role"] as? String == "parent")

        let whoami = await device.run("whoami", json: true)
        #expect(whoami.exitCode == 0)
        let object = whoami.object
        // CLI.md's keys plus the rest of `/api/me`'s: one shape for the server and the command line.
        #expect(
            keys(object) == [
                "accountId", "email", "firstName", "lastName", "role", "accountType", "authMethod", "createdAt",
                "emailVerified", "actingAs", "persona", "photoURL", "maturity", "ageRange",
            ])
        #expect(object["accountType"] as? String == "private")
        #expect(object["authMethod"] as? String == "password")
        #expect(object["createdAt"] as? String == "2025-01-01T00:00:00Z")
        #expect(object["actingAs"] is NSNull)
        #expect(whoami.output.contains("\"actingAs\":null"))
        #expect(object["firstName"] as? String == "Dana")
        #expect(object["lastName"] as? String == "Reyes")
        let persona = try #require(object["persona"] as? [String: Any])
        #expect(keys(persona) == ["profileId", "displayName", "type"])
        #expect(persona["profileId"] as? String == object["accountId"] as? String)
        #expect(persona["displayName"] as? String == "Dana Reyes")
        #expect(persona["type"] as? String == "primary")

        let human = await device.run("whoami")
        #expect(human.output.hasPrefix("Dana Reyes\n"))
        #expect(human.output.contains("dana@example.com"))
        #expect(!human.output.contains("\u{1B}"))
    }

    @Test("signup needs --first and --last and a password source: usage errors")
    func signupUsage() async throws {
        let device = try Device()
        let noNames = await device.run("signup dana@example.com", environment: ["KITH_PASSWORD": "correct horse"])
        #expect(noNames.exitCode == 2)
        #expect(noNames.errors.contains("--first NAME and --last NAME"))
        let noPassword = await device.run("signup dana@example.com --first Dana --last Reyes")
        #expect(noPassword.exitCode == 2)
        #expect(
            noPassword.errors
                == "error: A password is needed: type it at a terminal, or use --password-file PATH or KITH_PASSWORD\n")
        let badRole = await device.run(
            "signup dana@example.com --first Dana --last Reyes --role king", environment: ["KITH_PASSWORD": "x"])
        #expect(badRole.exitCode == 2)
        let badEmail = await device.signUp("not-an-email", first: "Dana", last: "Reyes")
        #expect(badEmail.exitCode == 1)
        #expect(badEmail.errors == "error: Please enter a valid email address\n")
    }

    @Test("logout ends the session; login signs in again; a wrong password is refused")
    func loginLogout() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        let logout = await device.run("logout")
        #expect(logout.exitCode == 0)
        #expect(logout.output.hasPrefix("Signed out of dana@example.com."))
        let whoami = await device.run("whoami")
        #expect(whoami.exitCode == 1)
        #expect(whoami.errors == "error: Not signed in. Use `login` or `signup` first.\n")
        #expect(await IdentityPrompt.text(service: device.service, device: device.accounts) == "kith (signed out) › ")

        let wrong = await device.run("login dana@example.com", environment: ["KITH_PASSWORD": "wrong-password-1"])
        #expect(wrong.exitCode == 1)
        #expect(wrong.errors == "error: Email or password is incorrect\n")

        let login = await device.run(
            "login dana@example.com", json: true, environment: ["KITH_PASSWORD": "correct horse battery"])
        #expect(login.exitCode == 0)
        #expect(login.object["email"] as? String == "dana@example.com")
        #expect(await IdentityPrompt.text(service: device.service, device: device.accounts) == "dana › ")

        let logoutJSON = await device.run("logout", json: true)
        #expect(logoutJSON.object["message"] is String)
        let again = await device.run("logout")
        #expect(again.exitCode == 1)
        #expect(again.errors == "error: Not signed in. Use `login` or `signup` first.\n")
    }

    @Test("name and role change the current account")
    func nameAndRole() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        let name = await device.run("name --first Danielle --last Reyes-Ortiz")
        #expect(name.exitCode == 0)
        #expect(name.output == "Your name is now Danielle Reyes-Ortiz.\n")
        let nameJSON = await device.run("name --first Dana --last Reyes", json: true)
        #expect(nameJSON.object["firstName"] as? String == "Dana")
        let missing = await device.run("name --first Dana")
        #expect(missing.exitCode == 2)
        let invalid = await device.run("name --first D4na --last Reyes")
        #expect(invalid.exitCode == 1)
        #expect(invalid.errors.hasPrefix("error: Please enter a valid name (1-50 characters)"))

        let role = await device.run("role player")
        #expect(role.output == "Your role is now player.\n")
        let roleJSON = await device.run("role PARENT", json: true)
        #expect(roleJSON.object["role"] as? String == "parent")
        let badRole = await device.run("role king")
        #expect(badRole.exitCode == 2)
        #expect(await device.run("whoami", json: true).object["role"] as? String == "parent")
    }

    @Test("password: current and new from the environment, then from prompts that must match")
    func changePassword() async throws {
        let device = try Device()
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes", password: "old-secret-1234")
        let changed = await device.run(
            "password", environment: ["KITH_PASSWORD": "old-secret-1234", "KITH_NEW_PASSWORD": "new-secret-5678"])
        #expect(changed.exitCode == 0)
        #expect(changed.output == "Password changed. Other sessions of this account have ended.\n")

        let mismatch = ScriptedInteraction(answers: ["new-secret-5678", "third-secret-1", "third-secret-2"])
        let refused = await device.run("password", interaction: mismatch)
        #expect(refused.exitCode == 1)
        #expect(refused.errors == "error: The new passwords do not match: nothing changed.\n")
        #expect(mismatch.questions == ["Current password: ", "New password: ", "Repeat the new password: "])

        let prompts = ScriptedInteraction(answers: ["new-secret-5678", "third-secret-9", "third-secret-9"])
        #expect(await device.run("password", interaction: prompts).exitCode == 0)

        let wrongCurrent = await device.run(
            "password", environment: ["KITH_PASSWORD": "old-secret-1234", "KITH_NEW_PASSWORD": "whatever-1234"])
        #expect(wrongCurrent.errors == "error: Email or password is incorrect\n")
        let noNew = await device.run("password", environment: ["KITH_PASSWORD": "third-secret-9"])
        #expect(noNew.exitCode == 2)
        #expect(noNew.errors.contains("KITH_NEW_PASSWORD"))

        await device.run("logout")
        let old = await device.run("login dana@example.com", environment: ["KITH_PASSWORD": "old-secret-1234"])
        #expect(old.exitCode == 1)
        let new = await device.run("login dana@example.com", environment: ["KITH_PASSWORD": "third-secret-9"])
        #expect(new.exitCode == 0)
        for secret in ["old-secret-1234", "new-secret-5678", "third-secret", "whatever-1234"] {
            #expect(!device.transcript.contains(secret))
        }
    }

    @Test("the prompt follows the current account")
    func prompt() async throws {
        let device = try Device()
        #expect(await IdentityPrompt.text(service: device.service, device: device.accounts) == "kith (signed out) › ")
        await device.signUp("dana.r@example.com", first: "Dana", last: "Reyes")
        #expect(await IdentityPrompt.text(service: device.service, device: device.accounts) == "dana.r › ")
    }
}
