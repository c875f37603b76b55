// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "PostgresStorage",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PostgresStorage", targets: ["PostgresStorage"]),
        // A fresh schema per test on the cluster Tools/with-postgres starts, for every store's contract suite.
        .library(name: "PostgresStorageTesting", targets: ["PostgresStorageTesting"]),
    ],
    dependencies: [.package(path: "../Storage")],
    targets: [
        // libpq's header (libpq-dev), found through pkg-config.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(
            name: "PostgresStorage",
            dependencies: ["CLibPQ", .product(name: "Storage", package: "Storage")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PostgresStorageTesting",
            dependencies: ["PostgresStorage", .product(name: "Storage", package: "Storage")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PostgresStorageTests",
            dependencies: ["PostgresStorage", "PostgresStorageTesting", .product(name: "Storage", package: "Storage")],
            swiftSettings: swiftSettings),
    ]
)
