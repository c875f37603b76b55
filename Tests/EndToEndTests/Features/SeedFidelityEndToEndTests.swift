import Foundation
import NetworkingTesting
import StorageTesting
import Testing

/// DOMAIN.md's "Seed fidelity" rules through the built binaries: `kith --remote` against `kith-server` (and, for
/// the refusal that comes before any prompt, `kith` on a pseudo-terminal).
@Suite("Seed fidelity through the built binaries")
struct SeedFidelityEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-seeds-")
    let password = "Pass-\(UUID().uuidString)"

    /// Runs kith through `server` with its state in `state` (one folder = one device).
    func kith(
        _ arguments: [String], input: String = "", server: KithServerProcess, state: String = "state",
        environment: [String: String] = [:]
    ) async throws -> KithProcess.Result {
        try await KithProcess.run(
            ["--remote", server.url] + arguments, input: Data(input.utf8),
            environment: ["KITH_PASSWORD": password, "XDG_STATE_HOME": folder + "/" + state].merging(environment) {
                $1
            })
    }

    // MARK: - Without a connection (000 State 6, 001)

    @Test func offlineProfilesShowsYourOwnRowAndNameGivesTheSeedsSentence() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        let signup = try await kith(["signup", "dana@example.com", "--first", "Dana", "--last", "Lee"], server: server)
        try #require(signup.status == 0, "\(signup.errors)")
        server.stop()

        let profiles = try await kith(["profiles"], server: server)
        #expect(profiles.status == 0, "\(profiles.errors)")
        #expect(profiles.output.contains("Dana Lee"))
        #expect(profiles.output.contains("Couldn't load family members. Try again when you are online."))
        #expect(!profiles.output.contains("Add a profile"))
        let json = try TranscriptScripts.array(try await kith(["profiles", "--json"], server: server).output)
        #expect(json.map { $0["displayName"] as? String } == ["Dana Lee"])

        let name = try await kith(["name", "--first", "Dana", "--last", "Reyes"], server: server)
        #expect(name.status == 1)
        #expect(name.errors == "error: Could not update profile. Check your connection and try again.\n")
        let role = try await kith(["role", "parent"], server: server)
        #expect(role.errors == "error: Connection error. Please try again.\n")
    }

    // MARK: - The seeds' last details, locally and through the server (issue 25)

    @Test func theSeedsLastDetailsAreTheSameLocallyAndThroughTheServer() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        for mode in [["--db", folder + "/details.sqlite"], ["--remote", server.url]] {
            func run(_ arguments: [String], input: String = "") async throws -> KithProcess.Result {
                try await KithProcess.run(
                    mode + arguments, input: Data(input.utf8),
                    environment: ["KITH_PASSWORD": password, "XDG_STATE_HOME": folder + "/details-state"])
            }
            try TranscriptScripts.checkSeedDetails(try await run([], input: TranscriptScripts.seedDetails))
            try TranscriptScripts.checkSeedDetailsJSON(
                try await run(["--json"], input: TranscriptScripts.seedDetailsJSON))
            let join = try await run(["family", "join", "fam-12"])
            #expect(join.status == 1, "\(mode)")
            #expect(join.errors == "error: Invalid family code format. Codes look like FAM-XXXXXX\n", "\(mode)")
        }
    }

    @Test func offlineAMalformedFamilyCodeGetsTheFormatSentence() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        let signup = try await kith(
            ["signup", "pat@example.com", "--first", "Pat", "--last", "Lee", "--role", "parent"], server: server)
        try #require(signup.status == 0, "\(signup.errors)")
        server.stop()

        let join = try await kith(["family", "join", "fam-12"], server: server)
        #expect(join.status == 1)
        #expect(join.errors == "error: Invalid family code format. Codes look like FAM-XXXXXX\n")
        let wellFormed = try await kith(["family", "join", "FAM-ABC123"], server: server)
        #expect(wellFormed.errors == "error: Connection error. Please try again.\n")
    }

    // MARK: - Help starts nothing (issue 25, item 17)

    @Test func theFakeProvidersHelpPrintsUsageAndServesNothing() async throws {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: FakeProviderProcess.binary)
        process.arguments = ["--help"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        // Not a failure here when it runs on: the expectation below says so.
        _ = try await poll(timeout: .seconds(10), every: .milliseconds(50)) { !process.isRunning }
        let running = process.isRunning
        if running { process.terminate() }
        #expect(!running, "kith-fake-oidc --help is serving")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.hasPrefix("usage: kith-fake-oidc"), "\(text)")
    }

    // MARK: - Account type, and a session the server ended (004)

    @Test func theAccountTypeTravelsAndAnEndedSessionShowsSignedOut() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        let run = try await kith(
            ["--json"],
            input: """
                signup acme@example.com --first Ana --last Cruz --account-type corporate
                accounts
                account-type private
                accounts
                profile edit --photo https://example.com/ana.png
                whoami
                accounts
                """, server: server)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 7)
        #expect(try TranscriptScripts.object(lines[0])["accountType"] as? String == "corporate")
        #expect(try TranscriptScripts.array(lines[1]).first?["accountType"] as? String == "corporate")
        #expect(try TranscriptScripts.object(lines[2])["accountType"] as? String == "private")
        #expect(try TranscriptScripts.array(lines[3]).first?["accountType"] as? String == "private")
        #expect(try TranscriptScripts.array(lines[3]).first?["photoURL"] is NSNull)
        // The saved entry follows the primary profile's photo once the account is read again.
        #expect(try TranscriptScripts.object(lines[5])["photoURL"] as? String == "https://example.com/ana.png")
        #expect(try TranscriptScripts.array(lines[6]).first?["photoURL"] as? String == "https://example.com/ana.png")

        // Another device changes the password: the server ends this device's session.
        #expect(try await kith(["login", "acme@example.com"], server: server, state: "other").status == 0)
        let change = try await kith(
            ["password"], server: server, state: "other", environment: ["KITH_NEW_PASSWORD": password + "-new"])
        #expect(change.status == 0, "\(change.errors)")
        let accounts = try await kith(["accounts"], server: server)
        let row = try #require(accounts.output.split(separator: "\n").first { $0.contains("acme@example.com") })
        #expect(row.contains("signed out"), "\(row)")
        let entry = try #require(
            try TranscriptScripts.array(try await kith(["accounts", "--json"], server: server).output).first)
        #expect(entry["current"] as? Bool == true)
        #expect(entry["sessionLive"] as? Bool == false)
    }

    // MARK: - Circles through the server (003)

    @Test func searchRequestsContextAndViewAsAnswerAsLocally() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        let run = try await kith(
            ["--json"],
            input: """
                signup sam@example.com --first Sam --last Ray
                signup dana@example.com --first Dana --last Lee
                profile edit --username dana_r
                contact add 'Sam Ray' --account sam@example.com
                contact add 'José Ruiz' --phone '+1 555 0100'
                circle add Friends 'Sam Ray' 'José Ruiz'
                shadow create --type personal --name Ri --circles Colleagues
                persona switch primary
                accounts switch sam@example.com
                request @dana_r phone
                accounts switch dana@example.com
                requests
                contacts --search jose
                contacts --circle Friends --search 5550100
                circle show Friends --search sam
                """, server: server)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 15)
        #expect(
            try TranscriptScripts.array(lines[11]).first?["requesterCircles"] as? [String] == ["Contacts", "Friends"])
        #expect(try TranscriptScripts.array(lines[12]).map { $0["displayName"] as? String } == ["José Ruiz"])
        #expect(try TranscriptScripts.array(lines[13]).map { $0["displayName"] as? String } == ["José Ruiz"])
        let members = try #require(try TranscriptScripts.object(lines[14])["members"] as? [[String: Any]])
        #expect(members.map { $0["displayName"] as? String } == ["Sam Ray"])

        let viewAs = try await kith(["view-as", "Sam Ray", "--profile", "Ri"], server: server)
        #expect(viewAs.status == 1)
        #expect(viewAs.errors == "error: Sam Ray cannot see Ri\n")
    }

    // MARK: - Refused before asking, at a terminal

    @Test func actingAsAMemberTheAccountsOwnCommandsRefuseWithoutAnyPrompt() async throws {
        let database = folder + "/local.sqlite"
        let setUp = try await KithProcess.run(
            ["--db", database],
            input: Data(
                """
                signup ben@example.com --first Ben --last Lee
                signup dana@example.com --first Dana --last Lee
                household create "Lee Family"
                member add Max
                """.utf8), environment: ["KITH_PASSWORD": password])
        try #require(setUp.status == 0, "\(setUp.errors)")

        let refusal = "error: Not available while viewing as Max. Switch back first."
        let prompt = "dana (as Max) › "
        let session = try TerminalSession(
            "\(KithProcess.binary) --db \(database) --as Max", environment: ["XDG_STATE_HOME": folder + "/state"])
        try await session.waitFor(prompt)
        for (index, command) in ["password", "accounts remove ben@example.com", "member remove Max"].enumerated() {
            session.type(command + "\n")
            try await session.waitFor(refusal, count: index + 1)
            try await session.waitFor(prompt, count: index + 2)
        }
        session.type("\u{4}")
        #expect(try await session.exitStatus() == 0)
        for question in ["password:", "Repeat", "[y/N]"] {
            #expect(!session.output.contains(question), "asked \(question): \(session.output)")
        }
    }

    // MARK: - A member removed by another process (000, State 5)

    @Test func aRunningREPLStopsActingAsAMemberAnotherProcessRemoved() async throws {
        let database = folder + "/state5.sqlite"
        let setUp = try await KithProcess.run(
            ["--db", database], input: Data(TranscriptScripts.actingSetUp.utf8),
            environment: ["KITH_PASSWORD": password])
        try #require(setUp.status == 0, "\(setUp.errors)")

        let session = try TerminalSession(
            "\(KithProcess.binary) --db \(database) --as Max", environment: ["XDG_STATE_HOME": folder + "/state"])
        try await session.waitFor("dana (as Max) › ")
        let removed = try await KithProcess.run(["--db", database, "member", "remove", "Max", "--yes"])
        #expect(removed.status == 0, "\(removed.errors)")
        session.type("whoami\n")
        try await session.waitFor("dana › ")
        session.type("\u{4}")
        #expect(try await session.exitStatus() == 0)
        let answer = try #require(session.output.components(separatedBy: "whoami").last)
        #expect(answer.contains("dana@example.com"))
        #expect(!answer.contains("viewing as"), "\(answer)")
    }
}
