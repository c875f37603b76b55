import Console
import Foundation
import KithComposition
import Preferences
import Testing

@testable import KithCLI

@Suite("Products: each one's registry holds exactly its features' commands")
struct ProductTests {
    @Test(arguments: kithApp.products)
    func registryHoldsExactlyTheProductsFeatures(product: Product) throws {
        let path = NSTemporaryDirectory() + "kith-product-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = try AppEnvironment.local(app: kithApp, databasePath: path, product: product)
        let registry = try kithApp.makeRegistry(app)
        let features = Set(registry.entries.map(\.feature))
        let allowed = Set(product.features + [kithApp.name])
        #expect(features == allowed)
        #expect(app.plugins.map(\.name) == product.features)
        for command in ["help", "status", "version", "quit", "exit"] {
            #expect(registry.command(named: command) != nil)
        }
    }

    @Test func everyProductOpensTheFileWithEveryFeaturesMigrations() throws {
        let path = NSTemporaryDirectory() + "kith-product-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let small = try AppEnvironment.local(
            app: kithApp, databasePath: path, product: try #require(kithApp.product(named: "movienight")))
        let everything = try AppEnvironment.local(
            app: kithApp, databasePath: path, product: try #require(kithApp.product(named: "all")))
        let smallDatabase = try #require(small.database)
        let everythingDatabase = try #require(everything.database)
        #expect(try smallDatabase.appliedMigrations() == everythingDatabase.appliedMigrations())
        #expect(
            try smallDatabase.appliedMigrations().features.map(\.feature)
                == kithApp.composition.migrations.map(\.feature))
    }

    @Test func productsAreTheOnesCLIMdNames() {
        #expect(kithApp.products.map(\.name) == ["all", "movienight", "compass", "rin"])
        #expect(kithApp.product(named: "movienight")?.features == ["identity", "profileSession", "preferences"])
        #expect(kithApp.product(named: "compass")?.features == ["identity", "familyCodes", "preferences"])
        #expect(kithApp.product(named: "rin")?.features == ["identity", "circles", "preferences"])
        #expect(kithApp.product(named: "all")?.features == kithApp.features.map(\.name))
        #expect(kithApp.product(named: "Compass")?.name == "compass")
        #expect(kithApp.product(named: "nosuch") == nil)
    }
}

@Suite("Composition: features that clash are refused at start, naming both")
struct CompositionTests {
    @Test func twoFeaturesWithOneNameAreRefused() {
        #expect(throws: CompositionError("Two features are named preferences")) {
            try KithApp(name: "clash", version: "1", features: [.identity, .preferences, .preferences])
        }
    }

    @Test func twoFeaturesWithOneMigrationIdAreRefusedNamingBoth() {
        let copy = CommandLineFeature(Feature(name: "theme", migrations: Feature.preferences.migrations))
        #expect(
            throws: CompositionError(
                "The features preferences and theme both register the migrations preferences.*")
        ) {
            try KithApp(name: "clash", version: "1", features: [.identity, .preferences, copy])
        }
    }

    @Test func twoFeaturesWithOneCommandAreRefusedNamingBoth() throws {
        // A second plugin named "moods" that brings `prefs`, which Preferences has.
        let copy = CommandLineFeature(
            Feature(name: "moods"),
            plugin: { context in
                RenamedPlugin(name: "moods", commands: try CommandLineFeature.preferences.plugin!(context).commands)
            })
        let app = try KithApp(name: "clash", version: "1", features: [.identity, .preferences, copy])
        let path = NSTemporaryDirectory() + "kith-clash-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let environment = try AppEnvironment.local(app: app, databasePath: path, product: app.products[0])
        #expect(throws: UsageError("The features preferences and moods both register the command `prefs`")) {
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
            Feature(
                name: "needy",
                local: { _, services in _ = try services.require((any PreferencesService).self, by: "needy") }))
        let app = try KithApp(name: "alone", version: "1", features: [.identity, needy])
        let path = NSTemporaryDirectory() + "kith-alone-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            throws: CompositionError(
                "The feature needy needs PreferencesService, which no feature before it provides")
        ) {
            try AppEnvironment.local(app: app, databasePath: path, product: app.products[0])
        }
    }
}

/// Another feature's commands under a name of its own.
private struct RenamedPlugin: Plugin {
    let name: String
    let commands: [Command]
}
