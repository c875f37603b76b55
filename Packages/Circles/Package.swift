// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

let package = Package(
    name: "Circles",
    platforms: [.macOS(.v15)],
    products: [
        "Circles", "CirclesSQL", "CirclesCommands", "CirclesWire", "CirclesHTTP", "CirclesTesting", "CirclesFeature",
        "CirclesCLI", "CirclesServer",
    ].map {
        .library(name: $0, targets: [$0])
    },
    dependencies: [
        .package(path: "../Identity"),
        .package(path: "../Storage"),
        .package(path: "../Console"),
        .package(path: "../Networking"),
        // The apps as libraries: this feature's values for them (`CirclesFeature`, `CirclesCLI`, `CirclesServer`).
        .package(path: "../Apps"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "Circles",
            dependencies: from("Identity", "Households", "Device", "IdentityMemory", "Accounts", "Kernel"),
            swiftSettings: swiftSettings),
        // The store on SQL, one for both engines: SQLite's Kith file (apps, kith-server) and PostgreSQL (at scale).
        .target(
            name: "CirclesSQL",
            dependencies: ["Circles"] + from("Identity", "Households", "IdentitySQL") + from("Storage", "Storage"),
            swiftSettings: swiftSettings),
        .target(
            name: "CirclesCommands",
            dependencies: ["Circles", "CirclesWire"] + from("Identity", "Accounts", "IdentityWire")
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        .target(
            name: "CirclesWire",
            dependencies: ["Circles"] + from("Identity", "Accounts", "Kernel", "IdentityWire"),
            swiftSettings: swiftSettings),
        .target(
            name: "CirclesHTTP",
            dependencies: ["Circles", "CirclesWire"]
                + from("Identity", "Accounts", "Kernel", "IdentityWire", "IdentityHTTP")
                + from("Networking", "Networking"), swiftSettings: swiftSettings),
        // The store contracts (their cases and environment), run by every test target that owns a store; the SQL
        // store on SQLite for the cases that fail a statement, which a store in memory has none of.
        .target(
            name: "CirclesTesting",
            dependencies: ["Circles", "CirclesSQL"]
                + from("Identity", "Accounts", "Kernel", "Argon2", "Identity", "IdentitySQL", "IdentityTesting")
                + from("Storage", "Storage", "StorageTesting"), swiftSettings: swiftSettings),
        // Circles as a value of the apps: its migrations, share of an account's data and local rules (`Feature`), with
        // its commands and `--remote` client (`CommandLineFeature`), and its routes and OpenAPI part (`ServerFeature`).
        .target(
            name: "CirclesFeature",
            dependencies: ["Circles", "CirclesSQL", "CirclesWire"]
                + from("Identity", "IdentitySQL", "IdentityWire")
                + from("Apps", "KithComposition"),
            swiftSettings: swiftSettings),
        .target(
            name: "CirclesCLI",
            dependencies: ["Circles", "CirclesFeature", "CirclesCommands", "CirclesHTTP", "CirclesWire"]
                + from("Identity", "IdentityWire")
                + from("Apps", "KithComposition", "KithCLI"),
            swiftSettings: swiftSettings),
        .target(
            name: "CirclesServer",
            dependencies: ["Circles", "CirclesFeature", "CirclesWire"]
                + from("Identity", "Accounts", "Kernel", "IdentityWire")
                + from("Apps", "KithComposition", "KithServer") + from("hummingbird", "Hummingbird"),
            resources: [.copy("Resources/openapi.json")], swiftSettings: swiftSettings),
        .testTarget(
            name: "CirclesTests",
            dependencies: ["Circles", "CirclesTesting"]
                + from(
                    "Identity", "Households", "IdentityMemory", "Accounts", "Kernel", "Argon2", "Identity",
                    "IdentityTesting")
                + from("Storage", "StorageTesting"), swiftSettings: swiftSettings),
        .testTarget(
            name: "CirclesSQLTests",
            dependencies: ["CirclesSQL", "Circles", "CirclesTesting"]
                + from(
                    "Storage", "SQLiteStorage", "PostgresStorage", "PostgresStorageTesting", "Storage", "StorageTesting"
                ) + from("Identity", "IdentityMemory", "Accounts", "Kernel", "Identity", "IdentitySQL")
                + from("GRDB.swift", "GRDB"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "CirclesCommandsTests",
            dependencies: ["CirclesCommands", "Circles"]
                + from(
                    "Identity", "IdentityMemory", "Accounts", "Kernel", "IdentityWire", "Argon2", "Identity",
                    "IdentityTesting")
                + from("Console", "Console"), swiftSettings: swiftSettings),
        .testTarget(
            name: "CirclesHTTPTests",
            dependencies: ["CirclesHTTP", "CirclesWire", "Circles"]
                + from("Identity", "Accounts", "Kernel", "IdentityWire")
                + from("Networking", "Networking", "NetworkingTesting"), swiftSettings: swiftSettings),
    ]
)
