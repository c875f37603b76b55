// swift-tools-version: 6.1
import PackageDescription

/// Every target of the monorepo uses these; each package under Packages/ repeats them in its own manifest.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Kith",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kith", targets: ["kith"]),
        .library(name: "KithCLI", targets: ["KithCLI"]),
    ],
    dependencies: [
        .package(path: "Packages/Storage"),
        .package(path: "Packages/Console"),
        .package(path: "Packages/Identity"),
    ],
    targets: [
        // MARK: - Apps
        .target(
            name: "KithCLI",
            dependencies: [
                .product(name: "Storage", package: "Storage"),
                .product(name: "Console", package: "Console"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "IdentityCommands", package: "Identity"),
            ],
            path: "Apps/cli/Sources/KithCLI",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "kith", dependencies: ["KithCLI"], path: "Apps/cli/Sources/kith", swiftSettings: swiftSettings),

        // MARK: - Cross-package tests
        .testTarget(
            name: "KithCLITests", dependencies: ["KithCLI"], path: "Tests/KithCLITests", swiftSettings: swiftSettings),
        .testTarget(
            name: "EndToEndTests", dependencies: ["kith"], path: "Tests/EndToEndTests", swiftSettings: swiftSettings),

        // MARK: - Each package's tests, so one `swift test` here runs them all in one build
        .testTarget(
            name: "StorageTests",
            dependencies: [.product(name: "Storage", package: "Storage")],
            path: "Packages/Storage/Tests/StorageTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ConsoleTests",
            dependencies: [.product(name: "Console", package: "Console")],
            path: "Packages/Console/Tests/ConsoleTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityTests",
            dependencies: [.product(name: "Identity", package: "Identity")],
            path: "Packages/Identity/Tests/IdentityTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentitySQLiteTests",
            dependencies: [
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "Storage", package: "Storage"),
            ],
            path: "Packages/Identity/Tests/IdentitySQLiteTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityCommandsTests",
            dependencies: [
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "IdentityCommands", package: "Identity"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Console", package: "Console"),
            ],
            path: "Packages/Identity/Tests/IdentityCommandsTests",
            swiftSettings: swiftSettings
        ),
    ]
)
