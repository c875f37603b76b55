import Foundation
import NetworkingTesting
import StorageTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kith passkeys add` and `kith login --passkey` through the built binaries and a real browser: headless Chromium
/// with a virtual authenticator (DevTools' WebAuthn domain) opens the page kith prints at http://localhost:PORT, as a
/// person's browser would, and makes or uses the passkey there. Locally kith's relying party is "localhost" with the
/// page's origin; remotely `kith-server` is run with `--passkey-rp-id localhost --passkey-origin http://localhost:PORT`.
@Suite("Passkeys in a real browser end to end (headless Chromium, a virtual authenticator)")
struct PasskeyBrowserEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-passkey-")

    /// Runs `kith ARGUMENTS`; once it prints its page's address, `browser` opens it. kith's output, errors and exit
    /// status come back, and what the page said.
    func kithWithBrowser(
        _ arguments: [String], environment: [String: String], browser: HeadlessChromium
    ) async throws -> (result: KithProcess.Result, page: HeadlessChromium.PageOutcome?) {
        let name = folder + "/kith-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: name + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: name + ".err", contents: nil)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: KithProcess.binary)
        process.arguments = arguments
        process.environment = KithProcess.childEnvironment(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: name + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: name + ".err"))
        try ProcessLaunch.run(process)
        var page: HeadlessChromium.PageOutcome?
        // The page's address, once `kith` prints it (or nothing, when it ends without one).
        _ = try await poll(timeout: .seconds(30), every: .milliseconds(50)) {
            let errors = (try? String(contentsOfFile: name + ".err", encoding: .utf8)) ?? ""
            if let range = errors.range(of: #"http://localhost:[0-9]+/[A-Za-z0-9_-]+/"#, options: .regularExpression) {
                page = try await browser.open(String(errors[range]))
                return true
            }
            return !process.isRunning
        }
        if page == nil && process.isRunning { process.terminate() }
        let ended = try await eventually(timeout: .seconds(60), "kith ended") { !process.isRunning }
        if !ended {
            process.terminate()
            process.waitUntilExit()
        }
        let result = KithProcess.Result(
            status: process.terminationStatus,
            output: (try? String(contentsOfFile: name + ".out", encoding: .utf8)) ?? "",
            errors: (try? String(contentsOfFile: name + ".err", encoding: .utf8)) ?? "")
        return (result, page)
    }

    /// A port for the page that nothing listens on now.
    func pagePort() throws -> String { String(try KithServerProcess.freePort()) }

    @Test func localPasskeyAddThenLoginWithItAfterLogout() async throws {
        let browser = try await HeadlessChromium.start()
        defer { browser.stop() }
        let database = ["--db", folder + "/local.sqlite"]
        let environment = ["KITH_PASSWORD": "correct-horse-battery-9", "KITH_PASSKEY_PORT": try pagePort()]
        let signup = try await KithProcess.run(
            database + ["--json", "signup", "ada@example.com", "--first", "Ada", "--last", "Lovelace"],
            environment: environment)
        #expect(signup.status == 0, "\(signup.errors)")
        let ada = try TranscriptScripts.object(signup.output)

        let add = try await kithWithBrowser(
            database + ["--json", "passkeys", "add", "--name", "Laptop"], environment: environment, browser: browser)
        #expect(add.result.status == 0, "\(add.result.errors)")
        #expect(add.page?.status == "done", "\(String(describing: add.page))")
        #expect(add.result.errors.contains("Make your passkey in your browser"))
        let passkey = try TranscriptScripts.object(add.result.output)
        #expect(passkey["name"] as? String == "Laptop")
        let held = try await browser.credentials()
        #expect(held.count == 1 && held.first?.rpId == "localhost" && held.first?.userName == "ada@example.com")
        #expect(held.first?.isResidentCredential == true)

        let logout = try await KithProcess.run(database + ["logout"], environment: environment)
        #expect(logout.status == 0, "\(logout.errors)")
        let login = try await kithWithBrowser(
            database + ["--json", "login", "--passkey"], environment: environment, browser: browser)
        #expect(login.result.status == 0, "\(login.result.errors)")
        #expect(login.page?.status == "done", "\(String(describing: login.page))")
        let me = try TranscriptScripts.object(login.result.output)
        #expect(me["accountId"] as? String == ada["accountId"] as? String)
        #expect(me["email"] as? String == "ada@example.com")
        let whoami = try await KithProcess.run(database + ["--json", "whoami"], environment: environment)
        #expect(whoami.output.contains("ada@example.com"), "\(whoami.errors)")

        // Signed out again, the saved account comes back with `accounts switch --passkey`: no password (none is
        // given, and there is no terminal to ask at).
        #expect(try await KithProcess.run(database + ["logout"], environment: environment).status == 0)
        let switched = try await kithWithBrowser(
            database + ["accounts", "switch", "ada@example.com", "--passkey"],
            environment: ["KITH_PASSKEY_PORT": environment["KITH_PASSKEY_PORT"] ?? ""], browser: browser)
        #expect(switched.result.status == 0, "\(switched.result.errors)")
        #expect(switched.page?.status == "done", "\(String(describing: switched.page))")
        #expect(switched.result.output.contains("ada@example.com"), "\(switched.result.output)")
        let after = try await KithProcess.run(database + ["--json", "whoami"], environment: [:])
        #expect(after.output.contains("ada@example.com"), "\(after.errors)")
    }

    @Test func remotePasskeyAddThenLoginOnANewDevice() async throws {
        let browser = try await HeadlessChromium.start()
        defer { browser.stop() }
        let port = try pagePort()
        let server = try await KithServerProcess.start(
            in: folder, arguments: ["--passkey-rp-id", "localhost", "--passkey-origin", "http://localhost:\(port)"])
        defer { server.stop() }
        let remote = ["--remote", server.url]
        let laptop = [
            "KITH_PASSWORD": "correct-horse-battery-9", "KITH_PASSKEY_PORT": port, "XDG_STATE_HOME": folder + "/laptop",
        ]
        let signup = try await KithProcess.run(
            remote + ["--json", "signup", "bo@example.com", "--first", "Bo", "--last", "Lee"], environment: laptop)
        #expect(signup.status == 0, "\(signup.errors)")
        let bo = try TranscriptScripts.object(signup.output)
        let add = try await kithWithBrowser(
            remote + ["--json", "passkeys", "add"], environment: laptop, browser: browser)
        #expect(add.result.status == 0, "\(add.result.errors)")
        #expect(try TranscriptScripts.object(add.result.output)["name"] as? String == "Passkey")

        // Another device (its own credentials file), no password: the passkey alone signs in as Bo.
        let phone = ["KITH_PASSKEY_PORT": port, "XDG_STATE_HOME": folder + "/phone"]
        let login = try await kithWithBrowser(
            remote + ["--json", "login", "--passkey"], environment: phone, browser: browser)
        #expect(login.result.status == 0, "\(login.result.errors)")
        let me = try TranscriptScripts.object(login.result.output)
        #expect(me["accountId"] as? String == bo["accountId"] as? String)
        let whoami = try await KithProcess.run(remote + ["--json", "whoami"], environment: phone)
        #expect(whoami.output.contains("bo@example.com"), "\(whoami.errors)")
        // Neither the credential nor its signature reaches the server's log.
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(!log.contains("clientDataJSON") && !log.contains("attestationObject"))
    }

    @Test func aServerThatDoesNotListThePagesOriginRefusesThePasskeyAndThePageSaysSo() async throws {
        let browser = try await HeadlessChromium.start()
        defer { browser.stop() }
        let port = try pagePort()
        let other = try pagePort()
        let server = try await KithServerProcess.start(
            in: folder, arguments: ["--passkey-rp-id", "localhost", "--passkey-origin", "http://localhost:\(other)"])
        defer { server.stop() }
        let remote = ["--remote", server.url]
        let environment = [
            "KITH_PASSWORD": "correct-horse-battery-9", "KITH_PASSKEY_PORT": port, "XDG_STATE_HOME": folder + "/state",
        ]
        let signup = try await KithProcess.run(
            remote + ["signup", "cy@example.com", "--first", "Cy", "--last", "Ng"], environment: environment)
        #expect(signup.status == 0, "\(signup.errors)")
        let add = try await kithWithBrowser(remote + ["passkeys", "add"], environment: environment, browser: browser)
        #expect(add.result.status == 1)
        #expect(add.result.errors.contains("error: Passkey sign-in failed. Please try again."), "\(add.result.errors)")
        #expect(add.page?.status == "failed")
        #expect(add.page?.text == "Kith could not finish: Passkey sign-in failed. Please try again.")
        let list = try await KithProcess.run(remote + ["--json", "passkeys"], environment: environment)
        #expect(list.status == 0, "\(list.errors)")
        #expect(try TranscriptScripts.array(list.output).isEmpty, "\(list.output)")
    }

    @Test func aBrowserWithoutTheAccountsPasskeyFailsTheLoginByTheBrowsersWords() async throws {
        let browser = try await HeadlessChromium.start()
        defer { browser.stop() }
        let database = ["--db", folder + "/none.sqlite"]
        let environment = ["KITH_PASSKEY_PORT": try pagePort()]
        let login = try await kithWithBrowser(
            database + ["login", "--passkey"], environment: environment, browser: browser)
        #expect(login.result.status == 1)
        #expect(login.page?.status == "failed", "\(String(describing: login.page))")
        #expect(
            login.result.errors.contains("error: The passkey did not work in the browser (NotAllowedError"),
            "\(login.result.errors)")
    }

    @Test func refusedBeforeAnyPageWhenThePortIsTakenOrTheServersPasskeysAreNotForLocalhost() async throws {
        // Something else listens on the page's port.
        let taken = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(taken) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(taken, $0, length) == 0 && listen(taken, 1) == 0 && getsockname(taken, $0, &length) == 0
            }
        }
        try #require(listening)
        let port = String(UInt16(bigEndian: address.sin_port))
        let busy = try await KithProcess.run(
            ["--db", folder + "/busy.sqlite", "login", "--passkey"], environment: ["KITH_PASSKEY_PORT": port])
        #expect(busy.status == 1)
        #expect(busy.errors.contains("error: Port \(port) on localhost is in use"), "\(busy.errors)")
        let notAPort = try await KithProcess.run(
            ["--db", folder + "/busy.sqlite", "login", "--passkey"], environment: ["KITH_PASSKEY_PORT": "80a"])
        #expect(notAPort.errors.contains("KITH_PASSKEY_PORT is \"80a\", not a port number"), "\(notAPort.errors)")

        // A server whose passkeys are for a real domain: this computer's page cannot act for it.
        let server = try await KithServerProcess.start(
            in: folder, arguments: ["--passkey-rp-id", "example.com", "--passkey-origin", "https://example.com"])
        defer { server.stop() }
        let login = try await KithProcess.run(
            ["--remote", server.url, "login", "--passkey"],
            environment: ["XDG_STATE_HOME": folder + "/state", "KITH_PASSKEY_PORT": try pagePort()])
        #expect(login.status == 1)
        #expect(login.errors.contains("This server's passkeys are for example.com"), "\(login.errors)")
        #expect(login.errors.range(of: #"http://localhost:[0-9]+/"#, options: .regularExpression) == nil)
    }
}
