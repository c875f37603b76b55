// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Circles",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Circles", targets: ["Circles"]),
        .library(name: "CirclesSQL", targets: ["CirclesSQL"]),
        .library(name: "CirclesCommands", targets: ["CirclesCommands"]),
        .library(name: "CirclesWire", targets: ["CirclesWire"]),
        .library(name: "CirclesHTTP", targets: ["CirclesHTTP"]),
        .library(name: "CirclesTesting", targets: ["CirclesTesting"]),
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
            name: "Circles",
            dependencies: [.product(name: "Identity", package: "Identity")],
            swiftSettings: swiftSettings
        ),
        // The store on SQL, one for both engines: SQLite's Kith file (apps, kith-server) and PostgreSQL (at scale).
        .target(
            name: "CirclesSQL",
            dependencies: [
                "Circles",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "Storage", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CirclesCommands",
            dependencies: [
                "Circles",
                "CirclesWire",
                .product(name: "Identity", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CirclesWire",
            dependencies: [
                "Circles",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityWire", package: "Identity"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CirclesHTTP",
            dependencies: [
                "Circles",
                "CirclesWire",
                .product(name: "IdentityWire", package: "Identity"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityHTTP", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
            ],
            swiftSettings: swiftSettings
        ),
        // The store contracts (their cases and environment), run by every test target that owns a store; the SQL
        // store on SQLite for the cases that fail a statement, which a store in memory has none of.
        .target(
            name: "CirclesTesting",
            dependencies: [
                .product(name: "Argon2", package: "Identity"),
                "Circles", "CirclesSQL",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CirclesTests",
            dependencies: [
                .product(name: "Argon2", package: "Identity"),
                "Circles", "CirclesTesting",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityTesting", package: "Identity"),
                .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CirclesSQLTests",
            dependencies: [
                .product(name: "SQLiteStorage", package: "Storage"),
                "CirclesSQL", "Circles", "CirclesTesting",
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
            name: "CirclesCommandsTests",
            dependencies: [
                .product(name: "IdentityWire", package: "Identity"),
                .product(name: "Argon2", package: "Identity"),
                "CirclesCommands", "Circles",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityTesting", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CirclesHTTPTests",
            dependencies: [
                .product(name: "IdentityWire", package: "Identity"),
                "CirclesHTTP", "Circles",
                .product(name: "Identity", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
