import Foundation
import Testing

/// Accounts, the switcher and households through the built `kith`, as a script and as one-shot commands.
@Suite("Identity through the built binary")
struct IdentityEndToEndTests {
    let database = NSTemporaryDirectory() + "kith-e2e-identity-\(UUID().uuidString).sqlite"
    let password = "Pass-\(UUID().uuidString)"

    @Test func aScriptSignsUpSwitchesAndBuildsAHousehold() async throws {
        let run = try await KithProcess.run(
            ["--db", database, "--json"], input: Data(TranscriptScripts.identity.utf8),
            environment: ["KITH_PASSWORD": password])
        try TranscriptScripts.checkIdentity(run)

        // No password in anything kith printed or stored.
        #expect(!run.output.contains(password) && !run.errors.contains(password))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(bytes.range(of: Data(password.utf8)) == nil)
    }

    @Test func accountRunsAsAnotherSavedAccountWithoutChangingTheCurrentOne() async throws {
        let environment = ["KITH_PASSWORD": password]
        let setup = "signup ana@example.com --first Ana --last Lee\nsignup ben@example.com --first Ben --last Lee\n"
        let signedUp = try await KithProcess.run(["--db", database], input: Data(setup.utf8), environment: environment)
        #expect(signedUp.status == 0, "\(signedUp.errors)")

        let asAna = try await KithProcess.run(["--db", database, "--account", "ana@example.com", "whoami", "--json"])
        #expect(asAna.status == 0, "\(asAna.errors)")
        #expect(asAna.output.contains("\"email\":\"ana@example.com\""))

        let current = try await KithProcess.run(["--db", database, "whoami", "--json"])
        #expect(current.output.contains("\"email\":\"ben@example.com\""))

        let unknown = try await KithProcess.run(["--db", database, "--account", "nobody@example.com", "whoami"])
        #expect(unknown.status == 1)
        #expect(unknown.errors.hasPrefix("error: "))
    }

    /// DOMAIN.md's address grammar (decided in turn 4): `<evil@example.org>` was an account of its own whose mail went to
    /// evil@example.org, and `a>,<evil@example.org` a `To:` line of two recipients.
    @Test func anAddressOutsideTheGrammarIsRefusedLocallyAndThroughAServer() async throws {
        let folder = makeTemporaryFolder("kith-e2e-bad-address")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        let environment = ["KITH_PASSWORD": password, "XDG_STATE_HOME": folder + "/state"]
        for target in [["--db", database], ["--remote", server.url]] {
            for address in ["<evil@example.org>", "a>,<evil@example.org"] {
                let refused = try await KithProcess.run(
                    target + ["signup", address, "--first", "Eve", "--last", "Lee"], environment: environment)
                #expect(refused.status == 1)
                #expect(refused.errors == "error: Please enter a valid email address\n")
                let forgot = try await KithProcess.run(
                    target + ["password", "forgot", address], environment: environment)
                #expect(forgot.status != 0)
            }
            let accounts = try await KithProcess.run(target + ["accounts", "--json"], environment: environment)
            #expect(accounts.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(accounts.errors)")
        }
        for body in [
            #"{"email":"<evil@example.org>","firstName":"Eve","lastName":"Lee","password":"vT9#qLm2!xR7wZp4"}"#,
            #"{"email":"a>,<evil@example.org","firstName":"Eve","lastName":"Lee","password":"vT9#qLm2!xR7wZp4"}"#,
        ] {
            let raw = try await TwoServersTests.call(server.url, .post, "/api/auth/signup", body: body)
            #expect(raw.status == 400)
            #expect(raw.json["error"] as? String == "identity.invalid_email")
        }
        // Beside them, the address they hid signs up as itself.
        let plain = try await KithProcess.run(
            ["--db", database, "signup", "evil@example.org", "--first", "Eve", "--last", "Lee"],
            environment: environment)
        #expect(plain.status == 0, "\(plain.errors)")
    }

    @Test func aCommonPasswordIsRefusedLocallyAndThroughAServer() async throws {
        let folder = makeTemporaryFolder("kith-e2e-common-password")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        for target in [["--db", database], ["--remote", server.url]] {
            let refused = try await KithProcess.run(
                target + ["signup", "cy@example.com", "--first", "Cy", "--last", "Lee"],
                environment: ["KITH_PASSWORD": "Password123", "XDG_STATE_HOME": folder + "/state"])
            #expect(refused.status == 1)
            #expect(refused.errors == "error: This password is too common. Choose another.\n")
            let taken = try await KithProcess.run(
                target + ["signup", "cy@example.com", "--first", "Cy", "--last", "Lee"],
                environment: ["KITH_PASSWORD": "vT9#qLm2!xR7wZp4", "XDG_STATE_HOME": folder + "/state"])
            #expect(taken.status == 0, "\(taken.errors)")
        }
        let raw = try await TwoServersTests.call(
            server.url, .post, "/api/auth/signup",
            body: #"{"email":"dee@example.com","firstName":"Dee","lastName":"Lee","password":"qwertyuiop"}"#)
        #expect(raw.status == 400)
        #expect(raw.json["error"] as? String == "identity.common_password")
    }

    @Test func notSignedInIsRefusedWithDomainsSentence() async throws {
        let run = try await KithProcess.run(["--db", database, "whoami"])
        #expect(run.status == 1)
        #expect(run.errors == "error: Not signed in. Use `login` or `signup` first.\n")
    }
}
