import Foundation
import KithServer
import KithServerProducts
import Testing
import Tokens

/// `kith-server apps ...` and `keys ...` as kith-server brings them (Tokens' operator commands), run over the
/// services of a test server: what they print, their exit codes, and what they change.
@Suite("Tokens' operator commands")
struct TokensOperatorCommandsTests {
    let app = try! ServerApp.kith()

    func run(_ server: TestServer, _ arguments: String...) async throws -> OperatorOutput {
        let command = try #require(app.commands[arguments[0]])
        return await command.run(Array(arguments.dropFirst()), server.services.services)
    }

    @Test func kithServerBringsAppsAndKeysAndListsThemInItsUsage() {
        // `webhooks` is Events': it turns on again a webhook a 410 disabled, which `apps list` notes.
        #expect(app.commands.keys.sorted() == ["apps", "keys", "webhooks"])
        for line in [
            "apps add NAME [--webhook-url URL] [--json]", "apps rotate-secret ID", "keys rotate", "keys list",
            "webhooks enable ID",
        ] {
            #expect(app.usage.contains("kith-server \(line)"), "\(line)")
        }
    }

    @Test func addListRotateAndRemoveAnApp() async throws {
        let server = try TestServer()
        defer { server.close() }
        let added = try await run(
            server, "apps", "add", "Movie Night", "--webhook-url", "https://movies.test/hook", "--json")
        #expect(added.exitCode == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(added.text.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["appId", "secret", "webhookSecret"])
        let id = try #require(json["appId"] as? String)
        let secret = try #require(json["secret"] as? String)
        #expect((json["webhookSecret"] as? String)?.hasPrefix("whsec_") == true)
        // The secret printed is the one the app proves itself with.
        let credentials = AppCredentials(appId: id, secret: secret)
        #expect(try await server.services.tokens.check([], by: credentials) == [])

        let plain = try await run(server, "apps", "add", "Compass")
        #expect(plain.exitCode == 0 && plain.text.contains("Compass") && !plain.text.contains("webhook"))

        let list = try await run(server, "apps", "list")
        #expect(list.exitCode == 0)
        #expect(list.text.contains("\(id)  Movie Night") && list.text.contains("webhook https://movies.test/hook"))
        #expect(list.text.contains("Compass") && !list.text.contains(secret))

        let rotated = try await run(server, "apps", "rotate-secret", id, "--json")
        let newSecret = try #require(
            (try JSONSerialization.jsonObject(with: Data(rotated.text.utf8)) as? [String: Any])?["secret"] as? String)
        #expect(newSecret != secret)
        await #expect(throws: TokensError.wrongAppCredentials) {
            _ = try await server.services.tokens.check([], by: credentials)
        }

        let removed = try await run(server, "apps", "remove", id)
        #expect(removed == OperatorOutput(text: "Removed Movie Night (\(id))."))
        let again = try await run(server, "apps", "remove", id)
        #expect(again == .refused("No registered app has the id \(id)"))
        #expect(try await server.services.tokens.apps().map(\.name) == ["Compass"])
    }

    @Test func badInputIsAUsageErrorOrTheRulesRefusal() async throws {
        let server = try TestServer()
        defer { server.close() }
        for arguments in [
            ["apps"], ["apps", "add"], ["apps", "fly"], ["apps", "add", "A", "B"], ["apps", "list", "x"],
            ["apps", "add", "A", "--webhook-url"], ["apps", "remove"], ["apps", "add", "A", "--colour"], ["keys"],
            ["keys", "spin"], ["apps", "list", "--webhook-url", "https://x.test"],
        ] {
            let command = try #require(app.commands[arguments[0]])
            let result = await command.run(Array(arguments.dropFirst()), server.services.services)
            #expect(result.exitCode == 2, "\(arguments): \(result.text)")
        }
        let badURL = try await run(server, "apps", "add", "A", "--webhook-url", "ftp://x.test")
        #expect(
            badURL
                == .refused("The webhook URL must be an absolute https:// or http:// URL with a host, not ftp://x.test")
        )
        let badName = try await run(server, "apps", "add", "")
        #expect(badName.exitCode == 1)
    }

    @Test func keysRotateAndListNeverShowThePrivatePart() async throws {
        let server = try TestServer()
        defer { server.close() }
        #expect(try await run(server, "keys", "list").text.hasPrefix("No signing keys yet"))
        let first = try await run(server, "keys", "rotate")
        #expect(first.exitCode == 0 && first.text.hasPrefix("Added key "))
        let second = try await run(server, "keys", "rotate")
        #expect(second.exitCode == 0)
        let list = try await run(server, "keys", "list")
        let lines = list.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("signing") && lines[1].contains("published, signing from"))
        #expect(!list.text.contains("PRIVATE") && !list.text.contains("sealed:") && !list.text.contains("plain:"))
        let json = try await run(server, "keys", "list", "--json")
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [[String: Any]])
        #expect(keys.map { Set($0.keys) } == Array(repeating: ["kid", "createdAt", "signsFrom", "state"], count: 2))
    }
}

extension TestServer {
    /// Closes the store and removes the folder, for a test that calls the services without `test`.
    func close() {
        try? services.closeStore()
        try? FileManager.default.removeItem(at: directory)
    }
}
