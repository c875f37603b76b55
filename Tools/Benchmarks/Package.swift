// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that normal builds and tests never compile benchmark code.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../../Packages/Storage"),
        .package(path: "../../Packages/Identity"),
        .package(path: "../../Packages/FamilyCodes"),
        .package(path: "../../Packages/Networking"),
        .package(path: "../../Packages/Circles"),
        .package(path: "../../Packages/Preferences"),
        // The apps' composition (KithComposition) and Kith's features as its values, so the benchmarks run every
        // feature's rules as `kith` and `kith-server` do.
        .package(path: "../../Packages/Apps"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "kith-bench",
            dependencies: [
                .product(name: "KithComposition", package: "Apps"),
                .product(name: "PreferencesFeature", package: "Preferences"),
                .product(name: "FamilyCodesFeature", package: "FamilyCodes"),
                .product(name: "CirclesFeature", package: "Circles"),
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "SQLiteStorage", package: "Storage"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Kernel", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "Argon2", package: "Identity"),
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesSQL", package: "FamilyCodes"),
                .product(name: "Circles", package: "Circles"),
                .product(name: "CirclesSQL", package: "Circles"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "PostgresStorage", package: "Storage"),
                .product(name: "PostgresStorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        )
    ]
)
