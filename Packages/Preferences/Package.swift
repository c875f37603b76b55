// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Preferences",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Preferences", targets: ["Preferences"]),
        .library(name: "PreferencesSQL", targets: ["PreferencesSQL"]),
        .library(name: "PreferencesCommands", targets: ["PreferencesCommands"]),
        .library(name: "PreferencesWire", targets: ["PreferencesWire"]),
        .library(name: "PreferencesHTTP", targets: ["PreferencesHTTP"]),
        .library(name: "PreferencesTesting", targets: ["PreferencesTesting"]),
    ],
    dependencies: [
        .package(path: "../Identity"),
        .package(path: "../Storage"),
        .package(path: "../Console"),
        .package(path: "../Networking"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "Preferences",
            dependencies: [.product(name: "Identity", package: "Identity")],
            swiftSettings: swiftSettings
        ),
        // The store on SQL: the Kith SQLite file, or PostgreSQL for kith-server at scale.
        .target(
            name: "PreferencesSQL",
            dependencies: [
                "Preferences",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "Storage", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PreferencesCommands",
            dependencies: [
                "Preferences",
                "PreferencesWire",
                .product(name: "Identity", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PreferencesWire",
            dependencies: [
                "Preferences",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityWire", package: "Identity"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PreferencesHTTP",
            dependencies: [
                "Preferences",
                "PreferencesWire",
                .product(name: "IdentityWire", package: "Identity"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityHTTP", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
            ],
            swiftSettings: swiftSettings
        ),
        // The store contract (its cases and their environment), run by every test target that owns a store.
        .target(
            name: "PreferencesTesting",
            dependencies: [
                .product(name: "Argon2", package: "Identity"),
                "Preferences",
                .product(name: "Identity", package: "Identity"),
                .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PreferencesTests",
            dependencies: [
                "Preferences", "PreferencesTesting",
                .product(name: "Identity", package: "Identity"),
                .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PreferencesSQLTests",
            dependencies: [
                .product(name: "SQLiteStorage", package: "Storage"),
                .product(name: "Argon2", package: "Identity"),
                "PreferencesSQL", "Preferences", "PreferencesTesting",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "PostgresStorage", package: "Storage"),
                .product(name: "PostgresStorageTesting", package: "Storage"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PreferencesCommandsTests",
            dependencies: [
                .product(name: "Argon2", package: "Identity"),
                "PreferencesCommands", "Preferences",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityTesting", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PreferencesHTTPTests",
            dependencies: [
                "PreferencesHTTP", "Preferences",
                .product(name: "Identity", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
