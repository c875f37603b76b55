// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

let package = Package(
    name: "FamilyCodes",
    platforms: [.macOS(.v15)],
    products: [
        "FamilyCodes", "FamilyCodesSQL", "FamilyCodesCommands", "FamilyCodesWire", "FamilyCodesHTTP",
        "FamilyCodesTesting", "FamilyCodesFeature", "FamilyCodesCLI",
        "FamilyCodesServer",
    ].map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(path: "../Identity"),
        .package(path: "../Storage"),
        .package(path: "../Console"),
        .package(path: "../Networking"),
        // The apps as libraries: this feature's values for them (`FamilyCodesFeature`, `FamilyCodesCLI`, `FamilyCodesServer`).
        .package(path: "../Apps"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "FamilyCodes",
            dependencies: from("Identity", "Households", "IdentityMemory", "Accounts", "Kernel"),
            swiftSettings: swiftSettings),
        // The store on SQL: the Kith SQLite file, or PostgreSQL for kith-server at scale.
        .target(
            name: "FamilyCodesSQL",
            dependencies: ["FamilyCodes"] + from("Identity", "Households", "Kernel", "IdentitySQL")
                + from("Storage", "Storage"),
            swiftSettings: swiftSettings),
        .target(
            name: "FamilyCodesCommands",
            dependencies: ["FamilyCodes", "FamilyCodesWire"] + from("Identity", "Households", "Accounts")
                + from("Console", "Console"), swiftSettings: swiftSettings),
        .target(
            name: "FamilyCodesWire",
            dependencies: ["FamilyCodes"] + from("Identity", "Households", "Kernel", "IdentityWire"),
            swiftSettings: swiftSettings),
        .target(
            name: "FamilyCodesHTTP",
            dependencies: ["FamilyCodes", "FamilyCodesWire"]
                + from("Identity", "Accounts", "IdentityWire", "IdentityHTTP")
                + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        .target(
            name: "FamilyCodesTesting",
            dependencies: ["FamilyCodes", "FamilyCodesSQL"]
                + from("Identity", "Accounts", "Kernel", "Argon2", "Identity", "IdentitySQL", "IdentityTesting")
                + from("Storage", "StorageTesting"), swiftSettings: swiftSettings),
        // FamilyCodes as a value of the apps: its migrations, share of an account's data and local rules (`Feature`), with
        // its commands and `--remote` client (`CommandLineFeature`), and its routes and OpenAPI part (`ServerFeature`).
        .target(
            name: "FamilyCodesFeature",
            dependencies: ["FamilyCodes", "FamilyCodesSQL"] + from("Identity", "IdentitySQL")
                + from("Apps", "KithComposition"),
            swiftSettings: swiftSettings),
        .target(
            name: "FamilyCodesCLI",
            dependencies: ["FamilyCodes", "FamilyCodesFeature", "FamilyCodesCommands", "FamilyCodesHTTP"]
                + from("Apps", "KithComposition", "KithCLI"),
            swiftSettings: swiftSettings),
        .target(
            name: "FamilyCodesServer",
            dependencies: ["FamilyCodes", "FamilyCodesFeature", "FamilyCodesWire"]
                + from("Identity", "Households", "Identity")
                + from("Apps", "KithComposition", "KithServer") + from("hummingbird", "Hummingbird"),
            resources: [.copy("Resources/openapi.json")], swiftSettings: swiftSettings),
        .testTarget(
            name: "FamilyCodesTests",
            dependencies: ["FamilyCodes", "FamilyCodesSQL", "FamilyCodesTesting"]
                + from(
                    "Identity", "Households", "IdentityMemory", "Accounts", "Kernel", "Argon2", "Identity",
                    "IdentitySQL",
                    "IdentityTesting")
                + from("Storage", "StorageTesting"), swiftSettings: swiftSettings),
        .testTarget(
            name: "FamilyCodesSQLTests",
            dependencies: ["FamilyCodesSQL", "FamilyCodes", "FamilyCodesTesting"]
                + from(
                    "Storage", "SQLiteStorage", "PostgresStorage", "PostgresStorageTesting", "Storage", "StorageTesting"
                ) + from("Identity", "Households", "Accounts", "Kernel", "Argon2", "Identity", "IdentitySQL")
                + from("GRDB.swift", "GRDB"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "FamilyCodesCommandsTests",
            dependencies: ["FamilyCodesCommands", "FamilyCodes"]
                + from(
                    "Identity", "IdentityMemory", "Accounts", "Kernel", "Argon2", "Identity", "IdentityTesting",
                    "IdentityWire")
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "FamilyCodesHTTPTests",
            dependencies: ["FamilyCodesHTTP", "FamilyCodes"] + from("Identity", "Accounts")
                + from("Networking", "Networking", "NetworkingTesting"), swiftSettings: swiftSettings),
    ]
)
