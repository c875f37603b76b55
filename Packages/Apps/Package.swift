// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

/// The apps as libraries: a feature as a value (`Feature`), the REPL app over a list of them (`KithApp`) and the
/// server app (`ServerApp`). Every feature package gives its own values over these (`Packages/Preferences`'s
/// `PreferencesFeature`, `PreferencesCLI` and `PreferencesServer`), and so does a product outside Kith
/// (Examples/movienight). The apps themselves build on Identity's accounts and sessions and on ProfileSession's
/// acting as a member, so those two features' values live here; no other feature is named.
let package = Package(
    name: "Apps",
    platforms: [.macOS(.v15)],
    products: ["KithComposition", "KithCLI", "KithServer"].map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(path: "../Storage"),
        .package(path: "../Console"),
        .package(path: "../Identity"),
        .package(path: "../ProfileSession"),
        .package(path: "../Networking"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Hummingbird's own dependencies, named because the server's code imports their modules too.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // Features as values and the composition that checks a list of them and builds their services.
        .target(
            name: "KithComposition",
            dependencies: from("Storage", "Storage", "SQLiteStorage")
                + from(
                    "Identity", "Kernel", "Accounts", "Households", "Device", "Mail", "TwoStep", "WebAuthn", "Identity",
                    "Argon2", "IdentityMail", "IdentitySQL", "IdentityWire")
                + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        // The REPL app: `KithApp` over `CommandLineFeature`s, global options, a local file or `--remote`.
        .target(
            name: "KithCLI",
            dependencies: ["KithComposition"] + from("Storage", "Storage", "SQLiteStorage") + from("Console", "Console")
                + from(
                    "Identity", "Kernel", "Accounts", "Households", "Device", "Mail", "Identity", "IdentitySQL",
                    "Argon2",
                    "IdentityCommands",
                    "IdentityWire", "IdentityOIDC", "IdentityBrowser", "IdentityHTTP")
                + from("ProfileSession", "ProfileSession", "ProfileSessionCommands") + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        // The server app (Hummingbird): `ServerApp` over `ServerFeature`s, on SQLite or PostgreSQL.
        .target(
            name: "KithServer",
            dependencies: ["KithComposition"] + from("Storage", "Storage", "SQLiteStorage", "PostgresStorage")
                + from(
                    "Identity", "Kernel", "Accounts", "Households", "Mail", "TwoStep", "WebAuthn", "Identity",
                    "IdentitySQL",
                    "IdentityWire", "IdentityOIDC")
                + from("ProfileSession", "ProfileSession", "ProfileSessionWire") + from("Networking", "Networking")
                + from("hummingbird", "Hummingbird", "HummingbirdCore") + from("swift-log", "Logging")
                + from("swift-nio", "NIOCore", "NIOHTTP1") + from("swift-nio-extras", "NIOHTTPTypes")
                + from("swift-http-types", "HTTPTypes") + from("swift-service-lifecycle", "ServiceLifecycle")
                + from("swift-prometheus", "Prometheus"),
            // The server's own part of the HTTP contract and Identity's and ProfileSession's, assembled with every
            // other feature's into the document /openapi.json serves.
            resources: [.copy("Resources/openapi")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "AppsTests",
            dependencies: ["KithComposition", "KithCLI", "KithServer"] + from("Console", "Console")
                + from("Identity", "Identity", "IdentitySQL") + from("hummingbird", "Hummingbird"),
            swiftSettings: swiftSettings),
    ]
)
