import Foundation
import Testing

/// `kith --remote` against the built `kith-server`: the local-mode scripts give the same results, the raw
/// tokens rest only in the credentials file (0600), acting works offline from the last loaded profiles, and Circles
/// answers the same through the server as locally.
@Suite("kith --remote through the built binaries")
struct RemoteEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-remote-")
    let password = "Pass-\(UUID().uuidString)"

    var stateHome: String { folder + "/state" }

    /// Runs kith locally (`--db`) or through `server` (`--remote URL`), with its state in the test's folder.
    func kith(
        _ arguments: [String], input: String = "", server: KithServerProcess?, database: String? = nil
    ) async throws -> KithProcess.Result {
        let target = server.map { ["--remote", $0.url] } ?? ["--db", database ?? folder + "/local.sqlite"]
        return try await KithProcess.run(
            target + arguments, input: Data(input.utf8),
            environment: ["KITH_PASSWORD": password, "XDG_STATE_HOME": stateHome])
    }

    /// The credentials file of `server`, and the raw tokens in it.
    func credentials(of server: KithServerProcess) throws -> (path: String, tokens: [String]) {
        let path = stateHome + "/kith/remote/127.0.0.1-\(server.port).json"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let accounts = try #require(state["accounts"] as? [[String: Any]])
        return (path, accounts.compactMap { $0["token"] as? String })
    }

    @Test func theIdentityScriptGivesTheSameResultsAsLocally() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        let local = try await kith(["--json"], input: TranscriptScripts.identity, server: nil)
        try TranscriptScripts.checkIdentity(local)
        let remote = try await kith(["--json"], input: TranscriptScripts.identity, server: server)
        try TranscriptScripts.checkIdentity(remote)
        try TranscriptScripts.expectSameResults(remote.output, local.output)

        // The credentials file: 0600 in a 0700 folder, the only place the raw tokens rest.
        let (path, tokens) = try credentials(of: server)
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        let folderPath = (path as NSString).deletingLastPathComponent
        let folderMode = try FileManager.default.attributesOfItem(atPath: folderPath)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(tokens.count == 2)
        server.stop()
        let contents = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!contents.contains(password))
        var elsewhere = [remote.output, remote.errors, try String(contentsOfFile: server.log, encoding: .utf8)]
        for suffix in ["", "-wal", "-shm"] {
            if let bytes = FileManager.default.contents(atPath: server.database + suffix) {
                elsewhere.append(String(decoding: bytes, as: UTF8.self))
                #expect(bytes.range(of: Data(password.utf8)) == nil)
            }
        }
        for token in tokens {
            #expect(!elsewhere.contains { $0.contains(token) }, "a raw token rests outside the credentials file")
        }
        #expect(!remote.output.contains(password) && !remote.errors.contains(password))
    }

    @Test func theActingScriptsGiveTheSameResultsAsLocallyAndActingWorksOffline() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        var outputs: [String] = []
        for mode in [nil, server] {
            let max = try TranscriptScripts.maxId(
                try await kith(["--json"], input: TranscriptScripts.actingSetUp, server: mode))
            let run = try await kith(["--json"], input: TranscriptScripts.acting, server: mode)
            try TranscriptScripts.checkActing(run, max: max)
            outputs.append(run.output)

            // The one-shot runs of ActingEndToEndTests, in both modes.
            let set = try await kith(["--as", "Max", "prefs", "font-size", "XL"], server: mode)
            #expect(set.status == 0, "\(set.errors)")
            #expect(set.output.hasPrefix("Setting preferences for Max"))
            let later = try TranscriptScripts.object(
                try await kith(["--as", "Max", "prefs", "--json"], server: mode).output)
            #expect(later["fontSizeOffset"] as? Int == 4)
            let dana = try TranscriptScripts.object(try await kith(["prefs", "--json"], server: mode).output)
            #expect(dana["fontSizeOffset"] as? Int == 0)
            let refused = try await kith(["--as", "Max", "household", "create", "Other"], server: mode)
            #expect(refused.status == 1)
            #expect(refused.errors == "error: Not available while viewing as Max. Switch back first.\n")
            let unknown = try await kith(["--as", "Nobody", "whoami"], server: mode)
            #expect(unknown.status == 1)
            #expect(unknown.errors == "error: That profile is not available to switch to\n")
        }
        try TranscriptScripts.expectSameResults(outputs[1], outputs[0])

        // Without a connection: profiles and switching still work from the last loaded profiles.
        server.stop()
        let offline = try await kith(["--as", "Max", "profiles", "--json"], server: server)
        #expect(offline.status == 0, "\(offline.errors)")
        let profiles = try #require(
            try JSONSerialization.jsonObject(with: Data(offline.output.utf8)) as? [[String: Any]])
        #expect(profiles.map { $0["displayName"] as? String } == ["Dana Lee", "Max"])
        #expect(profiles.first { $0["active"] as? Bool == true }?["displayName"] as? String == "Max")
        let whoami = try await kith(["whoami"], server: server)
        #expect(whoami.status == 1)
        #expect(whoami.errors == "error: Connection error. Please try again.\n")
    }

    @Test func theCirclesScriptsGiveTheSameResultsAsLocally() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        var outputs: [String] = []
        for mode in [nil, server] {
            let first = try await kith(["--json"], input: TranscriptScripts.circles, server: mode)
            let requestId = try TranscriptScripts.checkCircles(first)
            let second = try await kith(
                ["--json"], input: TranscriptScripts.circlesAllow(requestId), server: mode)
            try TranscriptScripts.checkCirclesAllow(second)
            outputs.append(first.output + second.output)
        }
        try TranscriptScripts.expectSameResults(outputs[1], outputs[0])
    }

    @Test func thePersonaOfWhoamiIsTheSameInBothModes() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }

        var personas: [[String: Any]] = []
        for mode in [nil, server] {
            let run = try await kith(["--json"], input: TranscriptScripts.identity, server: mode)
            try TranscriptScripts.checkIdentity(run)
            let whoami = try TranscriptScripts.object(run.output.split(separator: "\n")[4])
            personas.append(try #require(whoami["persona"] as? [String: Any]))
        }
        #expect(personas[0]["type"] as? String == "primary")
        #expect(personas[1]["type"] as? String == personas[0]["type"] as? String)
        #expect(personas[0]["displayName"] as? String == "Ana Lee")
        #expect(personas[1]["displayName"] as? String == personas[0]["displayName"] as? String)
        #expect(personas[1]["profileId"] is String)
    }

    @Test func statusShowsTheServerAndCirclesAsksForAnAccount() async throws {
        let status = try await KithProcess.run(["--remote", "http://127.0.0.1:9", "status", "--json"])
        #expect(status.status == 0, "\(status.errors)")
        let json = try TranscriptScripts.object(status.output)
        #expect(json["remote"] as? String == "http://127.0.0.1:9")
        #expect(json["database"] == nil && json["migrations"] == nil)
        let circles = try await KithProcess.run(
            ["--remote", "http://127.0.0.1:9", "circles"], environment: ["XDG_STATE_HOME": stateHome])
        #expect(circles.status == 1)
        // Circles is served now: without a signed-in account it asks for one, as locally.
        #expect(circles.errors == "error: Not signed in. Use `login` or `signup` first.\n")
        let both = try await KithProcess.run(["--remote", "http://127.0.0.1:9", "--db", folder + "/x.sqlite", "status"])
        #expect(both.status == 2)
    }
}
