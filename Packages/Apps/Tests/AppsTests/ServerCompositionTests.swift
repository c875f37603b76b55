import Foundation
import Hummingbird
import Identity
import KithComposition
import Testing

@testable import KithServer

/// The server app over Identity and ProfileSession and made-up features: a feature whose route or documented path
/// another already has is refused before the port is taken, naming both (Hummingbird itself would silently keep the
/// later route).
@Suite("Server composition: clashing routes, paths and schemas are refused, naming both")
struct ServerCompositionTests {
    @Test func aRouteTheServerHasIsRefusedNamingTheServer() throws {
        let health = ServerFeature(
            Feature(name: "doctor"), routes: { context in context.router.get("health") { _, _ in "ok" } })
        try expectRefused(health, "the server and doctor both add the route GET /health")
    }

    @Test func aRouteAnotherFeatureHasIsRefusedNamingBoth() throws {
        // ProfileSession answers GET /api/profiles.
        let profiles = ServerFeature(
            Feature(name: "people"), routes: { context in context.api.get("profiles") { _, _ in "[]" } })
        try expectRefused(profiles, "profileSession and people both add the route GET /api/profiles")
    }

    @Test func aDifferentMethodOnTheSamePathIsNoClash() throws {
        let profiles = ServerFeature(
            Feature(name: "people"), routes: { context in context.api.delete("profiles") { _, _ in "" } })
        let services = try ServerServices.sqlite(
            features: [.identity, .profileSession, profiles], path: databasePath())
        defer { try? services.closeStore() }
        let router = try KithServerApplication.router(services: services)
        #expect(router.routes.map(\.description).contains("DELETE /api/profiles"))
    }

    @Test func aDocumentedPathAnotherFeatureHasIsRefusedNamingBoth() throws {
        let part = OpenAPIPart(json: Data(#"{"paths": {"/api/profiles": {}}}"#.utf8))
        #expect(throws: CompositionError("profileSession and people both document the path /api/profiles")) {
            try ServerApp(
                name: "clash",
                features: [.identity, .profileSession, ServerFeature(Feature(name: "people"), openAPI: part)])
        }
    }

    @Test func aSchemaAnotherFeatureDefinesIsRefusedNamingBoth() throws {
        let part = OpenAPIPart(json: Data(#"{"components": {"schemas": {"Household": {}}}}"#.utf8))
        #expect(throws: CompositionError("identity and people both define the schema Household")) {
            try ServerApp(
                name: "clash",
                features: [.identity, .profileSession, ServerFeature(Feature(name: "people"), openAPI: part)])
        }
    }

    @Test func anErrorCodeAnotherFeatureDefinesIsRefusedNamingBoth() throws {
        let part = OpenAPIPart(json: Data(#"{"x-kith-error-codes": ["identity.invalid_email"]}"#.utf8))
        #expect(throws: CompositionError("identity and people both define the error code identity.invalid_email")) {
            try ServerApp(
                name: "clash", features: [.identity, ServerFeature(Feature(name: "people"), openAPI: part)])
        }
        let servers = OpenAPIPart(json: Data(#"{"x-kith-error-codes": ["forbidden"]}"#.utf8))
        #expect(throws: CompositionError("the server and people both define the error code forbidden")) {
            try ServerApp(name: "clash", features: [ServerFeature(Feature(name: "people"), openAPI: servers)])
        }
    }

    /// The error body's codes are the server's own and those of the app's features, sorted: a feature the app does
    /// not have adds none.
    @Test func theErrorCodesAreTheServersAndItsFeatures() throws {
        let part = OpenAPIPart(json: Data(#"{"x-kith-error-codes": ["people.too_many", "people.gone"]}"#.utf8))
        let app = try ServerApp(
            name: "codes", features: [.identity, ServerFeature(Feature(name: "people"), openAPI: part)])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(app.openAPI)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let error = try #require((schemas["Error"] as? [String: Any])?["properties"] as? [String: Any])
        let codes = try #require((error["error"] as? [String: Any])?["enum"] as? [String])
        #expect(codes == codes.sorted())
        #expect(codes.contains("people.gone") && codes.contains("people.too_many") && codes.contains("forbidden"))
        #expect(codes.contains("identity.invalid_email") && !codes.contains { $0.hasPrefix("circles.") })
        let alone = try ServerApp(name: "alone", features: [.identity])
        let aloneDocument = try #require(try JSONSerialization.jsonObject(with: Data(alone.openAPI)) as? [String: Any])
        #expect(
            !String(decoding: try JSONSerialization.data(withJSONObject: aloneDocument), as: UTF8.self).contains(
                "people."))
    }

    @Test func aPartThatIsNotAnObjectIsRefused() throws {
        let part = OpenAPIPart(json: Data("[]".utf8))
        #expect(throws: CompositionError("The OpenAPI part of people is not a JSON object")) {
            try ServerApp(name: "clash", features: [.identity, ServerFeature(Feature(name: "people"), openAPI: part)])
        }
    }

    @Test func anOperatorCommandTwoFeaturesBringIsRefusedNamingBoth() throws {
        let command = OperatorCommand(name: "apps", usage: ["apps list"]) { _, _ in OperatorOutput(text: "") }
        #expect(throws: CompositionError("one and two both bring the command apps")) {
            try ServerApp(
                name: "clash",
                features: [
                    .identity, ServerFeature(Feature(name: "one"), commands: [command]),
                    ServerFeature(Feature(name: "two"), commands: [command]),
                ])
        }
        let migrate = OperatorCommand(name: "migrate", usage: []) { _, _ in OperatorOutput(text: "") }
        #expect(throws: CompositionError("the server and one both bring the command migrate")) {
            try ServerApp(
                name: "clash", features: [.identity, ServerFeature(Feature(name: "one"), commands: [migrate])])
        }
        let app = try ServerApp(
            name: "ok", features: [.identity, ServerFeature(Feature(name: "one"), commands: [command])])
        #expect(app.commands.keys.sorted() == ["apps"])
        #expect(app.usage.contains("kith-server apps list"))
    }

    @Test func anOperatorCommandsArgumentsLeaveTheServersFlagsToTheServer() {
        let split = OperatorArguments([
            "add", "--db", "/tmp/k.sqlite", "Movie Night", "--json", "--sealing-key-file=/k", "--migrate",
            "--webhook-url", "https://x.test/hook", "--issuer", "https://id.test",
        ])
        #expect(split.server == ["--db", "/tmp/k.sqlite", "--sealing-key-file=/k", "--issuer", "https://id.test"])
        #expect(split.command == ["add", "Movie Night", "--json", "--webhook-url", "https://x.test/hook"])
        #expect(split.migrate && !split.help)
        #expect(OperatorArguments(["list", "-h"]).help)
    }

    @Test func anOperatorCommandRunsOnTheServersFileAfterItsMigrationsAreChecked() async throws {
        let path = databasePath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let count = OperatorCommand(name: "count", usage: ["count"]) { arguments, services in
            arguments == ["go"]
                ? OperatorOutput(text: services[(any IdentityService).self] == nil ? "none" : "identity")
                : .usage("count takes go")
        }
        let app = try ServerApp(
            name: "ops", features: [.identity, ServerFeature(Feature(name: "c"), commands: [count])])
        // A new file has every migration pending: refused, unless --migrate applies them.
        #expect(await app.run(arguments: ["count", "go", "--db", path], environment: [:]) == 1)
        #expect(await app.run(arguments: ["count", "go", "--db", path, "--migrate"], environment: [:]) == 0)
        #expect(await app.run(arguments: ["count", "go", "--db", path], environment: [:]) == 0)
        #expect(await app.run(arguments: ["count", "stop", "--db", path], environment: [:]) == 2)
        #expect(await app.run(arguments: ["count", "go", "--db", path, "--port", "x"], environment: [:]) == 2)
    }

    private func expectRefused(_ feature: ServerFeature, _ sentence: String) throws {
        let services = try ServerServices.sqlite(features: [.identity, .profileSession, feature], path: databasePath())
        defer { try? services.closeStore() }
        #expect(throws: CompositionError(sentence)) { try KithServerApplication.router(services: services) }
    }

    private func databasePath() -> String {
        NSTemporaryDirectory() + "kith-server-clash-\(UUID().uuidString).sqlite"
    }
}
