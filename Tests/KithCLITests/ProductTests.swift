import Console
import Foundation
import Testing

@testable import KithCLI

@Suite("Products: each one's registry holds exactly its features' commands")
struct ProductTests {
    @Test(arguments: Product.known)
    func registryHoldsExactlyTheProductsFeatures(product: Product) throws {
        let path = NSTemporaryDirectory() + "kith-product-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = try AppEnvironment.local(databasePath: path, product: product)
        let registry = try KithApp.makeRegistry(app)
        let features = Set(registry.entries.map(\.feature))
        let allowed = Set(product.features.map(\.rawValue) + [KithPlugin.name])
        #expect(features == allowed)
        #expect(app.plugins.map(\.name) == product.features.map(\.rawValue))
        for command in ["help", "status", "version", "quit", "exit"] {
            #expect(registry.command(named: command) != nil)
        }
    }

    @Test func everyProductOpensTheFileWithEveryFeaturesMigrations() throws {
        let path = NSTemporaryDirectory() + "kith-product-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let small = try AppEnvironment.local(databasePath: path, product: .movienight)
        let everything = try AppEnvironment.local(databasePath: path, product: .all)
        let smallDatabase = try #require(small.database)
        let everythingDatabase = try #require(everything.database)
        #expect(try smallDatabase.appliedMigrations() == everythingDatabase.appliedMigrations())
        #expect(
            try smallDatabase.appliedMigrations().features.map(\.feature)
                == AppEnvironment.migrations.map(\.feature))
    }

    @Test func productsAreTheOnesCLIMdNames() {
        #expect(Product.known.map(\.name) == ["all", "movienight", "compass", "rin"])
        #expect(Product.movienight.features == [.identity, .profileSession, .preferences])
        #expect(Product.compass.features == [.identity, .familyCodes, .preferences])
        #expect(Product.rin.features == [.identity, .circles, .preferences])
        #expect(Product.all.features == Feature.allCases)
        #expect(Product.named("Compass") == .compass)
        #expect(Product.named("nosuch") == nil)
    }
}
