// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "FamilyCodes",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FamilyCodes", targets: ["FamilyCodes"]),
        .library(name: "FamilyCodesSQL", targets: ["FamilyCodesSQL"]),
        .library(name: "FamilyCodesCommands", targets: ["FamilyCodesCommands"]),
        .library(name: "FamilyCodesWire", targets: ["FamilyCodesWire"]),
        .library(name: "FamilyCodesHTTP", targets: ["FamilyCodesHTTP"]),
        .library(name: "FamilyCodesTesting", targets: ["FamilyCodesTesting"]),
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
            name: "FamilyCodes",
            dependencies: [.product(name: "Identity", package: "Identity")],
            swiftSettings: swiftSettings
        ),
        // The store on SQL: the Kith SQLite file, or PostgreSQL for kith-server at scale.
        .target(
            name: "FamilyCodesSQL",
            dependencies: [
                "FamilyCodes",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "Storage", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "FamilyCodesCommands",
            dependencies: [
                "FamilyCodes",
                "FamilyCodesWire",
                .product(name: "Identity", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "FamilyCodesWire",
            dependencies: [
                "FamilyCodes",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityWire", package: "Identity"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "FamilyCodesHTTP",
            dependencies: [
                "FamilyCodes",
                "FamilyCodesWire",
                .product(name: "IdentityWire", package: "Identity"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityHTTP", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "FamilyCodesTesting",
            dependencies: [
                .product(name: "Argon2", package: "Identity"),
                "FamilyCodes", "FamilyCodesSQL",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FamilyCodesTests",
            dependencies: [
                .product(name: "Argon2", package: "Identity"),
                "FamilyCodes", "FamilyCodesSQL", "FamilyCodesTesting",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "IdentityTesting", package: "Identity"),
                .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FamilyCodesSQLTests",
            dependencies: [
                .product(name: "SQLiteStorage", package: "Storage"),
                .product(name: "Argon2", package: "Identity"),
                "FamilyCodesSQL", "FamilyCodes", "FamilyCodesTesting",
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
            name: "FamilyCodesCommandsTests",
            dependencies: [
                .product(name: "Argon2", package: "Identity"),
                "FamilyCodesCommands", "FamilyCodes",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityTesting", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FamilyCodesHTTPTests",
            dependencies: [
                "FamilyCodesHTTP", "FamilyCodes",
                .product(name: "Identity", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
