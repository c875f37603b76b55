import Foundation
import NetworkingTesting
import Testing

/// Two-step sign-in through the built `kith`, on its own file and through a `kith-server` whose secrets are sealed,
/// checked by software nobody here wrote: PyPI's pyotp makes the codes from what `2fa enable` prints, and Debian's
/// zbarimg reads the QR code it draws.
@Suite("Two-step sign-in end to end (pyotp, zbarimg)")
struct TwoStepEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-2fa-")
    let password = "Pass-\(UUID().uuidString)"

    /// pyotp's code for the `otpauth://` URI `uri`, `offset` seconds from now.
    static func pyotpCode(_ uri: String, offset: Int = 0) async throws -> String {
        try await PythonTools.run(
            "import pyotp, sys, time; print(pyotp.parse_uri(sys.argv[1]).at(time.time() + int(sys.argv[2])))",
            arguments: [uri, String(offset)]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What zbarimg reads in the QR code drawn in `lines` (dark modules as blocks, light ones as spaces, two module
    /// rows a line, no colours under `NO_COLOR`), pictured as a terminal shows it: dark text on a light background.
    static func decodeQR(_ lines: [String], in folder: String) throws -> String {
        let width = lines.map(\.count).max() ?? 0
        var rows: [[Bool]] = []  // true: dark
        for line in lines {
            let glyphs = Array(line) + Array(repeating: " ", count: width - line.count)
            rows.append(glyphs.map { $0 == "█" || $0 == "▀" })
            rows.append(glyphs.map { $0 == "█" || $0 == "▄" })
        }
        let border = 4
        let scale = 4
        let columns = (width + 2 * border) * scale
        let height = (rows.count + 2 * border) * scale
        var pixels = "P1\n\(columns) \(height)\n"
        for y in 0..<height {
            let row = y / scale - border
            let bits = (0..<columns).map { x -> String in
                let column = x / scale - border
                guard rows.indices.contains(row), (0..<width).contains(column) else { return "0" }
                return rows[row][column] ? "1" : "0"
            }
            pixels += bits.joined(separator: " ") + "\n"
        }
        let image = folder + "/qr-\(UUID().uuidString).pbm"
        try pixels.write(toFile: image, atomically: true, encoding: .ascii)
        return try ChildProcess.output(of: ["zbarimg", "--raw", "-q", image])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value printed after `label` on a line of `output`.
    static func printed(_ label: String, in output: String) throws -> String {
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix(label) })
        return String(line.dropFirst(label.count))
    }

    /// Turns two-step sign-in on for Ann with `kith` in `mode`, as a script would: the printed secret, URI and QR
    /// code, then a first code from pyotp. The URI, and the recovery codes.
    static func enable(
        _ kith: KithInMode, in folder: String
    ) async throws -> (uri: String, firstCode: String, recoveryCodes: [String]) {
        let begun = try await kith.run("2fa", "enable")
        #expect(begun.status == 0, "\(begun.errors)")
        let uri = try printed("URI: ", in: begun.output)
        let secret = try printed("Secret: ", in: begun.output).replacingOccurrences(of: " ", with: "")
        #expect(uri.hasPrefix("otpauth://totp/Kith:ann@example.com?secret=\(secret)&issuer=Kith"))
        let qrLines = begun.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
        #expect(qrLines.count > 10)
        #expect(try decodeQR(qrLines, in: folder) == uri)
        #expect(begun.output.contains("Confirm with `2fa enable --code CODE`"))
        // Still off until a right first code: a wrong one is refused.
        let wrong = try await kith.run("2fa", "enable", "--code", "000000")
        #expect(wrong.status == 1 && wrong.errors.contains("That code is not right."))
        let firstCode = try await pyotpCode(uri)
        let on = try await kith.object("2fa", "enable", "--code", firstCode)
        let codes = try #require(on["recoveryCodes"] as? [String])
        #expect(on["enabled"] as? Bool == true && codes.count == 10)
        return (uri, firstCode, codes)
    }

    /// The whole flow; the URI and recovery codes it used.
    @discardableResult
    func signsInWithCodes(_ kith: KithInMode) async throws -> (uri: String, recoveryCodes: [String]) {
        _ = try await kith.object("signup", "ann@example.com", "--first", "Ann", "--last", "Lee")
        let (uri, firstCode, recoveryCodes) = try await Self.enable(kith, in: folder)
        #expect(try await kith.object("2fa")["recoveryCodesLeft"] as? Int == 10)
        #expect(try await kith.run("logout").status == 0)

        // Without a code (no terminal to ask on) the sign-in says how to give one: exit 2, nobody signed in.
        let noCode = try await kith.run("login", "ann@example.com")
        #expect(noCode.status == 2, "\(noCode.errors)")
        #expect(noCode.errors.contains("This account uses two-step sign-in: give --code CODE"))
        // The code that turned it on, again (in its step, or later: its step is used either way): refused.
        let replay = try await kith.run("login", "ann@example.com", "--code", firstCode)
        #expect(replay.status == 1 && replay.errors.contains("That code is not right."), "\(replay.errors)")
        // The code of the step after now (one step of drift; always later than the first code's) signs in; the
        // same code again is refused. Both stay deterministic however slow the machine is between the steps.
        let next = try await Self.pyotpCode(uri, offset: 30)
        let signedIn = try await kith.object("login", "ann@example.com", "--code", next)
        #expect(signedIn["email"] as? String == "ann@example.com")
        #expect(try await kith.run("logout").status == 0)
        let again = try await kith.run("login", "ann@example.com", "--code", next)
        #expect(again.status == 1 && again.errors.contains("That code is not right."))
        // A recovery code works once.
        _ = try await kith.object("login", "ann@example.com", "--code", recoveryCodes[0].lowercased())
        #expect(try await kith.object("2fa")["recoveryCodesLeft"] as? Int == 9)
        #expect(try await kith.run("logout").status == 0)
        let usedRecovery = try await kith.run("login", "ann@example.com", "--code", recoveryCodes[0])
        #expect(usedRecovery.status == 1 && usedRecovery.errors.contains("That code is not right."))

        // Switching back to Ann from another account asks for the code too.
        _ = try await kith.object("signup", "bo@example.com", "--first", "Bo", "--last", "Lee")
        let noSwitchCode = try await kith.run("accounts", "switch", "ann@example.com")
        #expect(noSwitchCode.status == 2 && noSwitchCode.errors.contains("give --code CODE"), "\(noSwitchCode.errors)")
        let switched = try await kith.run("accounts", "switch", "ann@example.com", "--code", recoveryCodes[3])
        #expect(switched.status == 0 && switched.output.contains("Switched to ann@example.com"), "\(switched.errors)")
        #expect(try await kith.run("logout").status == 0)

        // Off with the password and a code; then the password alone signs in.
        _ = try await kith.object("login", "ann@example.com", "--code", recoveryCodes[1])
        let off = try await kith.object("2fa", "disable", "--code", recoveryCodes[2])
        #expect(off["enabled"] as? Bool == false)
        #expect(try await kith.run("logout").status == 0)
        #expect(try await kith.object("login", "ann@example.com")["email"] as? String == "ann@example.com")
        return (uri, recoveryCodes)
    }

    @Test func onItsOwnFile() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await signsInWithCodes(KithInMode(server: nil, database: folder + "/kith.sqlite", password: password))
    }

    @Test func throughAServerThatSealsItsSecrets() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keyFile = folder + "/sealing.key"
        #expect(FileManager.default.createFile(atPath: keyFile, contents: Data((0..<32).map { UInt8($0 * 7 % 256) })))
        let server = try await KithServerProcess.start(in: folder, arguments: ["--sealing-key-file", keyFile])
        defer { server.stop() }
        let kith = KithInMode(server: server, database: folder + "/device.sqlite", password: password)
        let (uri, recoveryCodes) = try await signsInWithCodes(kith)
        // The server's log names no secret, code or email.
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        let usedSecret = try #require(URLComponents(string: uri)?.queryItems?.first { $0.name == "secret" }?.value)
        for needle in [usedSecret, "ann@example.com", password] + recoveryCodes {
            #expect(!log.contains(needle), "\(needle) in the server's log")
        }
        // The secret rests sealed: a new setup's secret is nowhere in the server's file.
        _ = try await kith.object("login", "ann@example.com")
        let begun = try await kith.object("2fa", "enable")
        let secret = try #require(begun["secret"] as? String)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: server.database))
        #expect(bytes.range(of: Data(secret.utf8)) == nil)
    }

    /// At a terminal, `login` asks for the password, then for the code with DOMAIN.md's sentence, and `2fa enable`
    /// asks for the first code after showing the secret.
    @Test func theREPLAsksForTheCodeAfterThePassword() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/kith.sqlite"
        let kith = KithInMode(server: nil, database: database, password: password)
        _ = try await kith.object("signup", "ann@example.com", "--first", "Ann", "--last", "Lee")
        let session = try TerminalSession(
            "\(KithProcess.binary) --db \(database)", environment: ["XDG_STATE_HOME": database + "-state"])
        try await session.waitFor("› ")
        session.type("2fa enable\n")
        try await session.waitFor("Password: ")
        session.type(password + "\n")
        try await session.waitFor("Enter the 6-digit code from your authenticator app: ")
        let uri = try Self.printed("URI: ", in: session.output.replacingOccurrences(of: "\r", with: ""))
        session.type(try await Self.pyotpCode(uri) + "\n")
        try await session.waitFor("Two-step sign-in is on.")
        session.type("logout\n")
        try await session.waitFor("› ", count: 3)
        session.type("login ann@example.com\n")
        try await session.waitFor("Password: ", count: 2)
        session.type(password + "\n")
        try await session.waitFor("Enter the 6-digit code from your authenticator app (or a recovery code): ")
        session.type(try await Self.pyotpCode(uri, offset: 30) + "\n")
        try await session.waitFor("Signed in as")
        // Ctrl-D once the prompt is back, as a person would: typed while kith still finished the sign-in, the terminal
        // could take it before the line editor reads (under load the session then never ended).
        try await session.waitFor("› ", count: 4)
        session.type("\u{4}")
        #expect(try await session.exitStatus() == 0)
        #expect(!session.output.contains(password))
    }

    @Test func aServerRefusesASealingKeyOfTheWrongLength() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keyFile = folder + "/short.key"
        #expect(FileManager.default.createFile(atPath: keyFile, contents: Data(repeating: 1, count: 16)))
        let run = try await KithProcess.run(
            program: KithServerProcess.binary, ["--db", folder + "/s.sqlite", "--sealing-key-file", keyFile])
        #expect(run.status != 0)
        #expect(
            run.errors.contains("The sealing key must be exactly 32 random bytes (this one has 16)"), "\(run.errors)")
    }
}
