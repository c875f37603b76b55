// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Storage",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "SQLiteStorage", targets: ["SQLiteStorage"]),
        .library(name: "PostgresStorage", targets: ["PostgresStorage"]),
        .library(name: "StorageTesting", targets: ["StorageTesting"]),
        // A fresh schema per test on the cluster Tools/with-postgres starts, for every store's contract suite.
        .library(name: "PostgresStorageTesting", targets: ["PostgresStorageTesting"]),
    ],
    dependencies: [.package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0")],
    targets: [
        // The SQL seam the stores are written against: no engine, no C library.
        .target(name: "Storage", swiftSettings: swiftSettings),
        // The SQLite adapter: GRDB over the system libsqlite3.
        .target(
            name: "SQLiteStorage",
            dependencies: ["Storage", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),
        // libpq's header (libpq-dev), found through pkg-config.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // The PostgreSQL adapter, for kith-server at scale.
        .target(name: "PostgresStorage", dependencies: ["Storage", "CLibPQ"], swiftSettings: swiftSettings),
        // What tests of every package and app share: about a database, and waiting for a condition (`eventually`).
        .target(
            name: "StorageTesting",
            dependencies: ["Storage", "SQLiteStorage", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings),
        .target(
            name: "PostgresStorageTesting", dependencies: ["PostgresStorage", "Storage"], swiftSettings: swiftSettings),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage", "SQLiteStorage", "StorageTesting", "PostgresStorage", "PostgresStorageTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PostgresStorageTests",
            dependencies: ["PostgresStorage", "PostgresStorageTesting", "Storage", "SQLiteStorage", "StorageTesting"],
            swiftSettings: swiftSettings),
    ]
)
