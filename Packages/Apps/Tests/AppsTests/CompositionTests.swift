import Console
import Foundation
import KithComposition
import Testing

@testable import KithCLI

/// The REPL app over Identity and ProfileSession alone, the two features this package gives values for: features
/// that clash are refused when the app is made (or its registry built), naming both owners.
@Suite("Composition: features that clash are refused at start, naming both")
struct CompositionTests {
    @Test func twoFeaturesWithOneNameAreRefused() {
        #expect(throws: CompositionError("Two features are named profileSession")) {
            try KithApp(name: "clash", version: "1", features: [.identity, .profileSession, .profileSession])
        }
    }

    @Test func twoFeaturesWithOneMigrationIdAreRefusedNamingBoth() {
        let copy = CommandLineFeature(Feature(name: "accounts", migrations: Feature.identity.migrations))
        #expect(
            throws: CompositionError("The features identity and accounts both register the migrations identity.*")
        ) {
            try KithApp(name: "clash", version: "1", features: [.identity, copy])
        }
    }

    @Test func twoFeaturesWithOneCommandAreRefusedNamingBoth() throws {
        // A second plugin named "profiles" that brings ProfileSession's commands (`switch` first).
        let copy = CommandLineFeature(
            Feature(name: "profiles"),
            plugin: { context in
                RenamedPlugin(
                    name: "profiles", commands: try CommandLineFeature.profileSession.plugin!(context).commands)
            })
        let app = try KithApp(name: "clash", version: "1", features: [.identity, .profileSession, copy])
        let path = NSTemporaryDirectory() + "kith-clash-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let environment = try AppEnvironment.local(app: app, databasePath: path, product: app.products[0])
        let original = try #require(environment.plugins.first { $0.name == "profileSession" })
        let first = try #require(original.commands.first)
        #expect(
            throws: UsageError("The features profileSession and profiles both register the command `\(first.name)`")
        ) {
            try app.makeRegistry(environment)
        }
    }

    @Test func aProductOfAFeatureTheAppWasNotBuiltWithIsRefused() {
        #expect(throws: CompositionError("The product tiny offers circles, which clash was not built with")) {
            try KithApp(
                name: "clash", version: "1", features: [.identity],
                products: [Product(name: "tiny", features: ["identity", "circles"])])
        }
    }

    @Test func aFeatureThatNeedsAnotherIsRefusedWhenItIsMissing() throws {
        let needy = CommandLineFeature(
            Feature(name: "needy", local: { _, services in _ = try services.require((any Greeter).self, by: "needy") }))
        let app = try KithApp(name: "alone", version: "1", features: [.identity, needy])
        let path = NSTemporaryDirectory() + "kith-alone-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: CompositionError("The feature needy needs Greeter, which no feature before it provides")) {
            try AppEnvironment.local(app: app, databasePath: path, product: app.products[0])
        }
    }

    @Test func aFeatureFindsTheServiceOfAFeatureBeforeIt() throws {
        let greeter = CommandLineFeature(
            Feature(name: "greeter", local: { _, services in services.provide(Hello(), as: (any Greeter).self) }))
        let needy = CommandLineFeature(
            Feature(
                name: "needy",
                local: { _, services in
                    let greeter = try services.require((any Greeter).self, by: "needy")
                    services.provide(Echo(greeting: greeter.greeting), as: Echo.self)
                }))
        let app = try KithApp(name: "pair", version: "1", features: [.identity, greeter, needy])
        let path = NSTemporaryDirectory() + "kith-pair-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let environment = try AppEnvironment.local(app: app, databasePath: path, product: app.products[0])
        #expect(environment.services[Echo.self]?.greeting == "hello")
    }
}

/// Another feature's commands under a name of its own.
private struct RenamedPlugin: Plugin {
    let name: String
    let commands: [Command]
}

/// A service one made-up feature provides and another needs.
private protocol Greeter: Sendable {
    var greeting: String { get }
}

private struct Hello: Greeter {
    let greeting = "hello"
}

private struct Echo: Sendable {
    let greeting: String
}
