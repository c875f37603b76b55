import Console
import Foundation
import IdentityCommands
import Testing

@Suite("Password sources")
struct PasswordInputTests {
    @Test("a file wins over the flag, the flag (with a warning) over the environment")
    func order() async throws {
        let device = try Device()
        let file = try temporaryFile("file-secret-1111\nsecond line\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let signup = await device.run(
            "signup dana@example.com --first Dana --last Reyes --password-file \(file) --password flag-secret-2222",
            environment: ["KITH_PASSWORD": "env-secret-3333"])
        #expect(signup.exitCode == 0)
        #expect(!signup.errors.contains("warning"))
        await device.run("logout")

        let flag = await device.run(
            "login dana@example.com --password file-secret-1111", environment: ["KITH_PASSWORD": "env-secret-3333"])
        #expect(flag.exitCode == 0)
        #expect(
            flag.errors
                == "warning: --password is visible to other users of this machine; prefer --password-file or KITH_PASSWORD\n"
        )
        await device.run("logout")

        let environment = await device.run(
            "login dana@example.com", environment: ["KITH_PASSWORD": "file-secret-1111"])
        #expect(environment.exitCode == 0)
        await device.run("logout")

        // The flag is used before the environment: a wrong flag fails although the environment is right.
        let wrongFlag = await device.run(
            "login dana@example.com --password flag-secret-2222", environment: ["KITH_PASSWORD": "file-secret-1111"])
        #expect(wrongFlag.exitCode == 1)

        let crlf = try temporaryFile("file-secret-1111\r\n")
        defer { try? FileManager.default.removeItem(atPath: crlf) }
        #expect(await device.run("login dana@example.com --password-file \(crlf)").exitCode == 0)

        for secret in ["file-secret-1111", "flag-secret-2222", "env-secret-3333", "second line"] {
            #expect(!device.transcript.contains(secret))
        }
    }

    @Test("--password-file - is refused unless standard input is free; a missing file is refused")
    func standardInput() async throws {
        let device = try Device()
        let refused = await device.run("signup dana@example.com --first Dana --last Reyes --password-file -")
        #expect(refused.exitCode == 2)
        #expect(refused.errors.contains("--password-file - reads standard input"))
        let missing = await device.run(
            "signup dana@example.com --first Dana --last Reyes --password-file /nonexistent/kith-password")
        #expect(missing.exitCode == 1)
        #expect(missing.errors == "error: Cannot read the password file /nonexistent/kith-password\n")
        #expect(await device.run("accounts", json: true).output == "[]\n")
    }

    @Test("the terminal prompt is the last source")
    func prompt() async throws {
        let device = try Device()
        // Signing up, the password is typed twice: a typo must not make an account nobody can enter.
        let typo = ScriptedInteraction(answers: ["typed-secret-4444", "typed-secret-4445"])
        let refused = await device.run("signup dana@example.com --first Dana --last Reyes", interaction: typo)
        #expect(refused.exitCode == 1)
        #expect(refused.errors == "error: The new passwords do not match: nothing changed.\n")
        #expect(await device.run("accounts", json: true).output == "[]\n")
        let interaction = ScriptedInteraction(answers: ["typed-secret-4444", "typed-secret-4444"])
        let signup = await device.run(
            "signup dana@example.com --first Dana --last Reyes", interaction: interaction)
        #expect(signup.exitCode == 0)
        #expect(interaction.questions == ["Password: ", "Repeat the password: "])
        let unused = ScriptedInteraction(answers: [])
        await device.run("logout")
        let login = await device.run(
            "login dana@example.com", interaction: unused, environment: ["KITH_PASSWORD": "typed-secret-4444"])
        #expect(login.exitCode == 0)
        #expect(unused.questions.isEmpty)
        #expect(!device.transcript.contains("typed-secret-4444"))
    }

    @Test("no password ever shows, whatever fails")
    func neverShown() async throws {
        let device = try Device()
        let secrets = ["Zq-unique-pass-01", "Zq-unique-pass-02", "short", "Zq-unique-pass-03"]
        await device.run(
            "signup dana@example.com --first Dana --last Reyes --password \(secrets[0])", json: true)
        await device.run("signup sam@example.com --first Sam --last Kim --password \(secrets[2])")
        await device.run("login dana@example.com --password \(secrets[1])")
        await device.run("login nobody@example.com", environment: ["KITH_PASSWORD": secrets[1]])
        await device.run("password --password \(secrets[1]) --new-password \(secrets[3])")
        await device.run("password --password \(secrets[0]) --new-password \(secrets[2])")
        await device.run("password --password \(secrets[0]) --new-password \(secrets[3])", json: true)
        await device.run("whoami", json: true)
        await device.run("accounts", json: true)
        let transcript = device.transcript
        #expect(transcript.contains("Passwords must be 8 to 256 characters"))
        #expect(transcript.contains("Email or password is incorrect"))
        for secret in secrets where secret != "short" {
            #expect(!transcript.contains(secret))
        }
    }
}
