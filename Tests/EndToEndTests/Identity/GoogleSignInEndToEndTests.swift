import Foundation
import Networking
import Testing

/// `kith login --google` through the built binaries: the fake provider (`kith-fake-oidc`), `kith-server` configured
/// for it, and a shell that plays the browser: it reads the URL kith prints, follows it to the provider, and
/// follows the provider's redirect to kith's loopback address.
@Suite("Sign in with Google end to end (a fake provider on loopback)")
struct GoogleSignInEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-google-")

    /// Runs `kith TARGET ARGUMENTS` in the background and plays the browser for it; kith's output, errors and
    /// exit status come back.
    func loginWithBrowser(
        _ target: [String], _ arguments: [String], provider: FakeProviderProcess
    ) async throws -> KithProcess.Result {
        let errors = folder + "/login-\(UUID().uuidString).err"
        let command = ([KithProcess.binary] + target + arguments).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            \(command) > "\(errors).out" 2> "\(errors)" &
            pid=$!
            url=
            for _ in $(seq 1 300); do
                url=$(grep -o 'http://127.0.0.1:[0-9]*/authorize?[^ ]*' "\(errors)" | head -n 1)
                [ -n "$url" ] && break
                sleep 0.1
            done
            location=$(curl -s -o /dev/null -w '%{redirect_url}' "$url")
            curl -s -o /dev/null "$location"
            wait $pid
            status=$?
            cat "\(errors).out"
            cat "\(errors)" >&2
            exit $status
            """
        return try await KithProcess.shell(
            script, environment: provider.environment.merging(["XDG_STATE_HOME": folder + "/state"]) { $1 })
    }

    /// The fake provider, approving Fay (fay@example.com) until told otherwise.
    func providerApprovingFay() async throws -> FakeProviderProcess {
        try await FakeProviderProcess.start(email: "fay@example.com", subject: "fay-1", log: folder + "/provider.log")
    }

    /// Runs `body` with the fake provider approving Fay and a `kith-server` that trusts it; stops both after.
    func withProviderAndServer(_ body: (FakeProviderProcess, KithServerProcess) async throws -> Void) async throws {
        let provider = try await providerApprovingFay()
        defer { provider.stop() }
        let server = try await KithServerProcess.start(
            in: folder,
            arguments: ["--google-client-id", FakeProviderProcess.clientId, "--google-issuer", provider.issuer])
        defer { server.stop() }
        try await body(provider, server)
    }

    @Test func remoteLoginCreatesTheAccountThenSignsInToItAgain() async throws {
        try await withProviderAndServer { provider, server in
            let first = try await loginWithBrowser(
                ["--remote", server.url], ["--json", "login", "--google"], provider: provider)
            #expect(first.status == 0, "\(first.errors)")
            let me = try TranscriptScripts.object(first.output)
            #expect(me["email"] as? String == "fay@example.com")
            #expect(me["firstName"] as? String == "Fay")
            #expect(me["created"] as? Bool == true)
            let again = try await loginWithBrowser(
                ["--remote", server.url], ["--json", "login", "--google"], provider: provider)
            let second = try TranscriptScripts.object(again.output)
            #expect(second["accountId"] as? String == me["accountId"] as? String)
            #expect(second["created"] as? Bool == false)

            let accounts = try await KithProcess.run(
                ["--remote", server.url, "--json", "accounts"],
                environment: provider.environment.merging(["XDG_STATE_HOME": folder + "/state"]) { $1 })
            #expect(
                accounts.output.contains(#""authMethod":"google""#)
                    || accounts.output.contains(#""authMethod" : "google""#)
            )
            // No ID token, code or session token in the server's log.
            let log = try String(contentsOfFile: server.log, encoding: .utf8)
            #expect(!log.contains("eyJ"))
        }
    }

    /// The bearer token this device keeps for `email` in its credentials file for `server`.
    func savedToken(_ email: String, server: KithServerProcess) throws -> String {
        let path = folder + "/state/kith/remote/127.0.0.1-\(server.port).json"
        let state = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path)))
        let entries = (state as? [String: Any])?["accounts"] as? [[String: Any]] ?? []
        let entry = entries.first { ($0["account"] as? [String: Any])?["email"] as? String == email }
        return try #require(entry?["token"] as? String)
    }

    @Test func remoteSwitchToAGoogleAccountWhoseSessionEndedRunsTheFlowAgainForTheSameAccount() async throws {
        try await withProviderAndServer { provider, server in
            let remote = ["--remote", server.url]
            let environment = provider.environment.merging([
                "XDG_STATE_HOME": folder + "/state", "KITH_PASSWORD": "password-of-bo",
            ]) { $1 }

            let login = try await loginWithBrowser(remote, ["--json", "login", "--google"], provider: provider)
            let fay = try TranscriptScripts.object(login.output)
            let signup = try await KithProcess.run(
                remote + ["signup", "bo@example.com", "--first", "Bo", "--last", "Lee"], environment: environment)
            #expect(signup.status == 0, "\(signup.errors)")

            // Fay's session ends at the server (a sign-out elsewhere with her token); this device still holds it.
            let token = try savedToken("fay@example.com", server: server)
            let signOut = try #require(URL(string: server.url + "/api/auth/signout"))
            let ended = try await CurlHTTPClient().send(
                HTTPRequest(method: .post, url: signOut, headers: ["Authorization": "Bearer " + token]))
            #expect(ended.status == 204)
            let accounts = try await KithProcess.run(remote + ["--json", "accounts"], environment: environment)
            let list = try TranscriptScripts.array(accounts.output)
            let saved = list.first { $0["email"] as? String == "fay@example.com" }
            #expect(saved?["sessionLive"] as? Bool == false && saved?["authMethod"] as? String == "google")

            // Another Google account in the browser: refused, and Bo stays current.
            try await provider.approve(email: "gus@example.com", subject: "gus-1", given: "Gus", family: "Kay")
            _ = try await loginWithBrowser(remote, ["login", "--google"], provider: provider)
            _ = try await KithProcess.run(remote + ["accounts", "switch", "bo@example.com"], environment: environment)
            let wrong = try await loginWithBrowser(
                remote, ["accounts", "switch", "fay@example.com"], provider: provider)
            #expect(wrong.status == 1)
            #expect(wrong.errors.contains("That Google account is not fay@example.com"), "\(wrong.errors)")
            let still = try await KithProcess.run(remote + ["--json", "whoami"], environment: environment)
            #expect(still.output.contains("bo@example.com"), "\(still.errors)")

            // A Google account the server has never seen: refused as well, and the server made no account of it
            // (its first sign-in afterwards creates it).
            try await provider.approve(email: "hal@example.com", subject: "hal-1", given: "Hal", family: "Kay")
            let stranger = try await loginWithBrowser(
                remote, ["accounts", "switch", "fay@example.com"], provider: provider)
            #expect(stranger.status == 1)
            #expect(stranger.errors.contains("That Google account is not fay@example.com"), "\(stranger.errors)")
            let hal = try await loginWithBrowser(remote, ["--json", "login", "--google"], provider: provider)
            let halLogin = try TranscriptScripts.object(hal.output)
            #expect(halLogin["created"] as? Bool == true, "\(hal.output)")
            _ = try await KithProcess.run(remote + ["accounts", "switch", "bo@example.com"], environment: environment)

            // Fay in the browser again: the flow runs (her URL is printed and followed) and gives her account.
            try await provider.approve(email: "fay@example.com", subject: "fay-1", given: "Fay", family: "Kay")
            let switched = try await loginWithBrowser(
                remote, ["accounts", "switch", "fay@example.com"], provider: provider)
            #expect(switched.status == 0, "\(switched.errors)")
            #expect(switched.output.contains("Switched to fay@example.com"))
            #expect(switched.errors.contains("/authorize?"))
            let whoami = try await KithProcess.run(remote + ["--json", "whoami"], environment: environment)
            let me = try TranscriptScripts.object(whoami.output)
            #expect(me["accountId"] as? String == fay["accountId"] as? String)
            // Switching again is silent: the new session is live.
            _ = try await KithProcess.run(remote + ["accounts", "switch", "bo@example.com"], environment: environment)
            let silent = try await KithProcess.run(
                remote + ["accounts", "switch", "fay@example.com"], environment: environment)
            #expect(silent.output.contains("Switched to fay@example.com"), "\(silent.errors)")
            #expect(!silent.errors.contains("/authorize?"))
        }
    }

    @Test func localLoginThenSwitchingBetweenGoogleAndPasswordAccounts() async throws {
        let provider = try await providerApprovingFay()
        defer { provider.stop() }
        let database = ["--db", folder + "/local.sqlite"]
        let login = try await loginWithBrowser(database, ["login", "--google"], provider: provider)
        #expect(login.status == 0, "\(login.errors)")
        #expect(login.output.contains("Account created with Google. Signed in as Fay Kay (fay@example.com)."))

        let environment = provider.environment.merging(["KITH_PASSWORD": "password-of-bo"]) { $1 }
        let signup = try await KithProcess.run(
            database + ["signup", "bo@example.com", "--first", "Bo", "--last", "Lee"], environment: environment)
        #expect(signup.status == 0, "\(signup.errors)")
        let list = try await KithProcess.run(database + ["accounts"], environment: environment)
        #expect(list.output.contains("G google"))
        #expect(list.output.contains("✉ password"))
        let toGoogle = try await KithProcess.run(
            database + ["accounts", "switch", "fay@example.com"], environment: environment)
        #expect(toGoogle.output.contains("Switched to fay@example.com"), "\(toGoogle.errors)")
        let toPassword = try await KithProcess.run(
            database + ["accounts", "switch", "bo@example.com"], environment: environment)
        #expect(toPassword.output.contains("Switched to bo@example.com"), "\(toPassword.errors)")
        let whoami = try await KithProcess.run(database + ["--json", "whoami"], environment: environment)
        #expect(whoami.output.contains("bo@example.com"))
    }
}
