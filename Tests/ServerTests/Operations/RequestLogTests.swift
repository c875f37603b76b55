import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import StorageTesting
import Synchronization
import Testing
import Tokens
import TokensWire

@testable import KithServer

@Suite("Request log")
struct RequestLogTests {
    @Test(arguments: [
        (Duration.zero, "0.00"), (.microseconds(4), "0.00"), (.microseconds(5), "0.01"), (.microseconds(90), "0.09"),
        (.milliseconds(12) + .microseconds(345), "12.35"), (.seconds(3) + .microseconds(999_996), "4000.00"),
        (.seconds(61), "61000.00"),
    ])
    func durationsAreMillisecondsWithTwoDecimals(_ duration: Duration, _ text: String) {
        #expect(RequestLogMiddleware.milliseconds(duration) == text)
    }

    /// Every JSON log line, at every level (trace included, so nothing a lower `--log-level` would add escapes the
    /// check), written while tokens are exchanged (JSON, RFC 8693 form, acting), introspected and access checks made,
    /// with right and wrong credentials: none holds an access token, a session token, the app's secret, its `whsec_`
    /// secret or the signing key's private key.
    @Test func noTokenSecretOrPrivateKeyReachesAJSONLogLine() async throws {
        let server = try TestServer()
        let lines = Mutex<[String]>([])
        let logger = Logger(label: "kith-server") { label in
            var handler = JSONLogHandler(label: label, output: .lines { line in lines.withLock { $0.append(line) } })
            handler.logLevel = .trace
            return handler
        }
        let app = try await server.services.tokens.addApp(
            name: "Movie Night", webhookURL: "https://movienight.example/kith")
        let webhookSecret = try #require(app.webhookSecret)
        let application = Application(
            router: server.router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        defer { try? FileManager.default.removeItem(at: server.directory) }
        let (sessions, tokens) = try await application.test(.router) { client in
            let dana = try await client.signUp("dana@example.com", role: "parent")
            let bob = try await client.signUp("bob@example.com", first: "Bob", last: "Lane")
            #expect(
                try await client.send(.post, "/api/households", token: dana.token, body: #"{"name":"Reyes"}"#).status
                    == .created)
            let member = try await client.send(
                .post, "/api/members", token: dana.token, body: #"{"displayName":"Max"}"#)
            let max = try #require(try member.object()["memberId"] as? String)

            var tokens: [String] = []
            let json = #"{"audience":"\#(app.app.id)"}"#
            let form =
                "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Atoken-exchange&audience=\(app.app.id)"
                + "&subject_token=\(dana.token)&subject_token_type=urn%3Aietf%3Aparams%3Aoauth%3Atoken-type%3Aaccess_token"
            for issued in [
                try await client.send(.post, TokensRoute.exchange.template, token: dana.token, body: json),
                try await client.send(
                    .post, TokensRoute.exchange.template, token: dana.token, actingAs: max, body: json),
                try await TokensOverHTTPTests.form(client, TokensRoute.exchange.template, form, token: dana.token),
            ] {
                #expect(issued.status == .ok, "\(issued.text)")
                tokens.append(try #require(try issued.object()["access_token"] as? String))
            }
            // Refused exchanges: an unknown audience (the secret where the id belongs: no body is logged), a member Bob
            // does not guard.
            let unknown = try await client.send(
                .post, TokensRoute.exchange.template, token: dana.token, body: #"{"audience":"\#(app.secret)"}"#)
            #expect(unknown.status == .badRequest)
            let notHis = try await client.send(
                .post, TokensRoute.exchange.template, token: bob.token, actingAs: max,
                body: #"{"audience":"\#(app.app.id)"}"#)
            #expect(notHis.status == .forbidden)

            let basic = "Basic " + Data("\(app.app.id):\(app.secret)".utf8).base64EncodedString()
            let wrong = "Basic " + Data("\(app.app.id):\(webhookSecret)".utf8).base64EncodedString()
            for token in tokens {
                for (authorization, status) in [(basic, HTTPResponse.Status.ok), (wrong, .unauthorized)] {
                    let introspected = try await client.send(
                        .post, TokensRoute.introspection.template, body: "token=\(token)",
                        headers: [.authorization: authorization, .contentType: "application/x-www-form-urlencoded"])
                    #expect(introspected.status == status, "\(introspected.text)")
                }
            }
            let check = #"{"owner":"\#(dana.accountId)","viewer":"\#(bob.accountId)","circles":["\#(app.secret)"]}"#
            for (authorization, status) in [(basic, HTTPResponse.Status.ok), (wrong, .unauthorized)] {
                let checked = try await client.send(
                    .post, TokensRoute.check.template, body: check, headers: [.authorization: authorization])
                #expect(checked.status == status, "\(checked.text)")
            }
            return ([dana.token, bob.token], tokens)
        }

        let privateKeys = try DatabaseContents(path: server.directory.appendingPathComponent("kith.sqlite").path)
            .tables["tokens_signing_keys", default: []]
            .flatMap { row in row.matches(of: /plain:([A-Za-z0-9+\/=]+)/).map { String($0.1) } }
        // The server has no sealing key: the private key is kept as base64 of its PEM, and both forms are looked for.
        try #require(privateKeys.count == 1)
        let pem = String(decoding: try #require(Data(base64Encoded: privateKeys[0])), as: UTF8.self)
        let pemLines = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
        try #require(!pemLines.isEmpty)

        let logged = lines.withLock { $0 }
        // The log did record these requests: 2 sign-ups, 2 setup calls, 5 exchanges, 6 introspections, 2 checks.
        let requestLines = logged.filter { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["message"] as? String == "request"
        }
        #expect(requestLines.count == 17, "\(logged)")
        let text = logged.joined(separator: "\n")
        for secret in [app.secret, webhookSecret, privateKeys[0]] + pemLines + sessions + tokens {
            #expect(!text.contains(secret), "a log line holds \(secret.prefix(12))…")
        }
        // Nor any part of a token: its signature, nor its claims.
        for token in tokens {
            for part in token.split(separator: ".") { #expect(!text.contains(part)) }
        }
    }
}
