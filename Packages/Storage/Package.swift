// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Storage",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "StorageTesting", targets: ["StorageTesting"]),
    ],
    dependencies: [.package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0")],
    targets: [
        .target(
            name: "Storage",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),
        // What tests of every package and app share about a database file.
        .target(
            name: "StorageTesting", dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings),
        .testTarget(name: "StorageTests", dependencies: ["Storage"], swiftSettings: swiftSettings),
    ]
)
