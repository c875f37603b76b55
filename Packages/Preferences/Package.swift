// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

let package = Package(
    name: "Preferences",
    platforms: [.macOS(.v15)],
    products: [
        "Preferences", "PreferencesSQL", "PreferencesCommands", "PreferencesWire", "PreferencesHTTP",
        "PreferencesTesting", "PreferencesFeature", "PreferencesCLI",
        "PreferencesServer",
    ].map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(path: "../Identity"),
        .package(path: "../Storage"),
        .package(path: "../Console"),
        .package(path: "../Networking"),
        // The apps as libraries: this feature's values for them (`PreferencesFeature`, `PreferencesCLI`, `PreferencesServer`).
        .package(path: "../Apps"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "Preferences",
            dependencies: from("Identity", "Households", "IdentityMemory", "Accounts", "Kernel", "Identity"),
            swiftSettings: swiftSettings),
        // The store on SQL: the Kith SQLite file, or PostgreSQL for kith-server at scale.
        .target(
            name: "PreferencesSQL",
            dependencies: ["Preferences"] + from("Identity", "Households", "Identity", "IdentitySQL")
                + from("Storage", "Storage"),
            swiftSettings: swiftSettings),
        .target(
            name: "PreferencesCommands",
            dependencies: ["Preferences", "PreferencesWire"] + from("Identity", "Accounts")
                + from("Console", "Console"), swiftSettings: swiftSettings),
        .target(
            name: "PreferencesWire",
            dependencies: ["Preferences"] + from("Identity", "Kernel", "IdentityWire"),
            swiftSettings: swiftSettings),
        .target(
            name: "PreferencesHTTP",
            dependencies: ["Preferences", "PreferencesWire"]
                + from("Identity", "Accounts", "IdentityWire", "IdentityHTTP")
                + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        // The store contract (its cases and their environment), run by every test target that owns a store.
        .target(
            name: "PreferencesTesting",
            dependencies: ["Preferences"] + from("Identity", "Households", "Accounts", "Kernel", "Argon2", "Identity")
                + from("Storage", "StorageTesting"),
            swiftSettings: swiftSettings),
        // Preferences as a value of the apps: its migrations, share of an account's data and local rules (`Feature`), with
        // its commands and `--remote` client (`CommandLineFeature`), and its routes and OpenAPI part (`ServerFeature`).
        .target(
            name: "PreferencesFeature",
            dependencies: ["Preferences", "PreferencesSQL"] + from("Identity", "IdentitySQL")
                + from("Apps", "KithComposition"),
            swiftSettings: swiftSettings),
        .target(
            name: "PreferencesCLI",
            dependencies: ["Preferences", "PreferencesFeature", "PreferencesCommands", "PreferencesHTTP"]
                + from("Apps", "KithComposition", "KithCLI"),
            swiftSettings: swiftSettings),
        .target(
            name: "PreferencesServer",
            dependencies: ["Preferences", "PreferencesFeature", "PreferencesWire"]
                + from("Apps", "KithComposition", "KithServer") + from("hummingbird", "Hummingbird"),
            resources: [.copy("Resources/openapi.json")], swiftSettings: swiftSettings),
        .testTarget(
            name: "PreferencesTests",
            dependencies: ["Preferences", "PreferencesTesting"]
                + from("Identity", "Households", "IdentityMemory")
                + from("Storage", "StorageTesting"), swiftSettings: swiftSettings),
        .testTarget(
            name: "PreferencesSQLTests",
            dependencies: ["PreferencesSQL", "Preferences", "PreferencesTesting"]
                + from(
                    "Storage", "SQLiteStorage", "PostgresStorage", "PostgresStorageTesting", "Storage", "StorageTesting"
                )
                + from(
                    "Identity", "Households", "IdentityMemory", "Accounts", "Kernel", "Argon2", "Identity",
                    "IdentitySQL")
                + from("GRDB.swift", "GRDB"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PreferencesCommandsTests",
            dependencies: ["PreferencesCommands", "Preferences"]
                + from(
                    "Identity", "Households", "IdentityMemory", "Accounts", "Kernel", "Argon2", "Identity",
                    "IdentityTesting", "IdentityWire")
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PreferencesHTTPTests",
            dependencies: ["PreferencesHTTP", "Preferences"] + from("Identity", "Accounts")
                + from("Networking", "Networking", "NetworkingTesting"), swiftSettings: swiftSettings),
    ]
)
