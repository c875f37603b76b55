import Accounts
import Console
import Foundation
import IdentityTesting
import IdentityWire
import Kernel
import Testing
import Tokens
import TokensCommands
import TokensTesting
import TokensWire

/// Ann (guardian of Max) over in-memory stores, an app, and a shell with the Tokens plugin over the local service.
struct Harness {
    let output = CapturedText()
    let errors = CapturedText()
    let shell: Shell
    let principals: TestPrincipals
    let env = TokensContractEnvironment.inMemory()
    let ann: Principal
    let max: String
    let app: AppSecrets

    init() async throws {
        ann = try await env.account("Ann")
        _ = try await env.identity.createHousehold(ann, name: "Lees")
        max = try await env.identity.addManagedMember(ann, displayName: "Max", avatarKey: "fox").memberId
        app = try await env.app()
        principals = TestPrincipals(ann)
        var registry = CommandRegistry()
        for command in TokensPlugin(issuer: env.tokens, principals: principals).commands {
            try registry.register(command, feature: "tokens")
        }
        shell = Shell(
            registry: registry, output: output, errors: errors, interaction: NoInteraction(),
            environment: [:], outputIsTerminal: false, jsonEncoder: KithJSON.encoder())
    }

    func run(_ line: String, json: Bool = false) async -> Shell.Outcome {
        await shell.run(line: line, defaults: Shell.Defaults(json: json))
    }

    /// The claims the token `text` carries, as an app that verified it reads them.
    func claims(_ text: String) async throws -> AccessTokenClaims? {
        guard case .active(let claims) = try await env.tokens.introspect(text, by: app.credentials) else { return nil }
        return claims
    }
}

@Suite("token command")
struct TokenCommandTests {
    @Test("token AUDIENCE prints the JWT; --json the token response")
    func printsTheToken() async throws {
        let harness = try await Harness()
        #expect(await harness.run("token \(harness.app.app.id)") == .success)
        let text = harness.output.take().trimmingCharacters(in: .newlines)
        #expect(text.split(separator: ".").count == 3)
        let claims = try #require(try await harness.claims(text))
        #expect(claims.sub.value == harness.ann.accountId && claims.act == nil)

        #expect(await harness.run("token \(harness.app.app.id)", json: true) == .success)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(harness.output.take().utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["access_token", "token_type", "expires_in", "issued_token_type"])
        #expect(json["token_type"] as? String == "Bearer" && json["expires_in"] as? Int == 300)
        #expect(json["issued_token_type"] as? String == TokenResponse.jwtTokenType)
    }

    @Test("while acting, the member's token with the guardian as act")
    func acting() async throws {
        let harness = try await Harness()
        var asMax = harness.ann
        asMax.actingAs = ActingAs(memberId: harness.max, displayName: "Max")
        harness.principals.set(asMax)
        #expect(await harness.run("token \(harness.app.app.id)") == .success)
        let claims = try #require(
            try await harness.claims(harness.output.take().trimmingCharacters(in: .newlines)))
        #expect(claims.sub.value == harness.max && claims.act?.sub == harness.ann.accountId)
    }

    @Test("an unknown audience is the domain's sentence and a failure; signed out, sign in first")
    func refusals() async throws {
        let harness = try await Harness()
        let outcome = await harness.run("token no-such-app")
        guard case .failed(let code, let message) = outcome else {
            Issue.record("token no-such-app: \(outcome)")
            return
        }
        #expect(code == 1 && message.contains(TokensError.unknownAudience("no-such-app").description))
        #expect(harness.output.take().isEmpty)
        harness.principals.set(nil)
        #expect(await harness.run("token \(harness.app.app.id)") != .success)
        #expect(!harness.errors.take().isEmpty)
    }
}
