import Foundation
import KithComposition
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
