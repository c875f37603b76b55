// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

let package = Package(
    name: "Events",
    platforms: [.macOS(.v15)],
    products: [
        "Events", "EventsSQL", "EventsWire", "EventsHTTP", "EventsTesting", "EventsCommands", "EventsFeature",
        "EventsCLI", "EventsServer",
    ].map {
        .library(name: $0, targets: [$0])
    },
    dependencies: [
        .package(path: "../Identity"),
        .package(path: "../Storage"),
        .package(path: "../Circles"),
        // Registered apps (their credentials and webhook secrets) are Tokens'.
        .package(path: "../Tokens"),
        // `EventsHTTP`'s webhook sender over libcurl; in tests, `PythonTools` (standardwebhooks).
        .package(path: "../Networking"),
        .package(path: "../Console"),
        // The apps as libraries: this feature's values for them (`EventsFeature`, `EventsCLI`, `EventsServer`).
        .package(path: "../Apps"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", "4.1.0"..<"6.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // The feed (pages after a cursor, waiting for more), retention, and webhook delivery: its schedule, its
        // claims and its signatures (Standard Webhooks, HMAC-SHA256 through swift-crypto). No SQL, no HTTP.
        .target(
            name: "Events",
            dependencies: from("Identity", "TwoStep", "Kernel") + from("Tokens", "Tokens")
                + from("Circles", "Circles")
                + from("swift-crypto", "Crypto"),
            swiftSettings: swiftSettings),
        // The delivery store on SQL, one for both engines.
        .target(
            name: "EventsSQL",
            dependencies: ["Events"] + from("Identity", "Kernel", "IdentitySQL")
                + from("Tokens", "Tokens", "TokensSQL")
                + from("Storage", "Storage"),
            swiftSettings: swiftSettings),
        // The HTTP contract: the page body, paths and error codes. Foundation and the domain only.
        .target(
            name: "EventsWire", dependencies: ["Events"] + from("Identity", "Kernel"),
            swiftSettings: swiftSettings),
        // `events [--after CURSOR] [--follow]` over the local file's log.
        .target(
            name: "EventsCommands",
            dependencies: ["Events"] + from("Identity", "Kernel") + from("Console", "Console"),
            swiftSettings: swiftSettings),
        // `WebhookSender` over Networking's `HTTPClient` (libcurl in the server).
        .target(
            name: "EventsHTTP",
            dependencies: ["Events"] + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        // The delivery store contract, run over memory, SQLite and PostgreSQL.
        .target(
            name: "EventsTesting",
            dependencies: ["Events", "EventsSQL"]
                + from("Identity", "IdentityMemory", "Kernel", "Argon2", "IdentitySQL")
                + from("Circles", "Circles", "CirclesSQL") + from("Tokens", "Tokens", "TokensSQL", "TokensTesting")
                + from("Storage", "Storage", "StorageTesting"),
            swiftSettings: swiftSettings),
        // Events as a value of the apps: its migrations and services (`Feature`).
        .target(
            name: "EventsFeature",
            dependencies: ["Events", "EventsSQL"] + from("Identity", "IdentitySQL")
                + from("Tokens", "Tokens", "TokensSQL") + from("Storage", "Storage") + from("Apps", "KithComposition"),
            swiftSettings: swiftSettings),
        .target(
            name: "EventsCLI",
            dependencies: ["Events", "EventsFeature", "EventsCommands"]
                + from("Apps", "KithComposition", "KithCLI"),
            swiftSettings: swiftSettings),
        // The feed's route, its OpenAPI part, and the background services (retention, webhook delivery).
        .target(
            name: "EventsServer",
            dependencies: ["Events", "EventsFeature", "EventsWire", "EventsHTTP"]
                + from("Tokens", "Tokens", "TokensWire", "TokensServer") + from("Networking", "Networking")
                + from("Apps", "KithComposition", "KithServer") + from("hummingbird", "Hummingbird")
                + from("swift-log", "Logging") + from("swift-service-lifecycle", "ServiceLifecycle"),
            resources: [.copy("Resources/openapi.json")], swiftSettings: swiftSettings),
        .testTarget(
            name: "EventsTests",
            dependencies: ["Events", "EventsWire", "EventsHTTP", "EventsTesting", "EventsCommands"]
                + from("Identity", "Kernel") + from("Console", "Console")
                + from("Tokens", "Tokens", "TokensTesting") + from("Storage", "StorageTesting")
                + from("Networking", "Networking", "NetworkingTesting"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "EventsSQLTests",
            dependencies: ["EventsSQL", "Events", "EventsTesting"]
                + from(
                    "Storage", "SQLiteStorage", "PostgresStorage", "PostgresStorageTesting", "Storage", "StorageTesting"
                )
                + from("Identity", "Kernel", "IdentitySQL") + from("Tokens", "Tokens", "TokensTesting"),
            swiftSettings: swiftSettings),
    ]
)
