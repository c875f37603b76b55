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
        .executable(name: "kith-server", targets: ["kith-server"]),
    ],
    dependencies: [
        .package(path: "Packages/Storage"),
        .package(path: "Packages/Console"),
        .package(path: "Packages/Identity"),
        .package(path: "Packages/ProfileSession"),
        .package(path: "Packages/Preferences"),
        .package(path: "Packages/FamilyCodes"),
        .package(path: "Packages/Networking"),
        .package(path: "Packages/Circles"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // MARK: - Apps
        .target(
            name: "KithSchema",
            dependencies: [
                .product(name: "Storage", package: "Storage"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "PreferencesSQLite", package: "Preferences"),
                .product(name: "FamilyCodesSQLite", package: "FamilyCodes"),
                .product(name: "CirclesSQLite", package: "Circles"),
            ],
            path: "Apps/shared/Sources/KithSchema",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "KithCLI",
            dependencies: [
                "KithSchema",
                .product(name: "Storage", package: "Storage"),
                .product(name: "Console", package: "Console"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "IdentityCommands", package: "Identity"),
                .product(name: "ProfileSession", package: "ProfileSession"),
                .product(name: "ProfileSessionCommands", package: "ProfileSession"),
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesSQLite", package: "Preferences"),
                .product(name: "PreferencesCommands", package: "Preferences"),
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesSQLite", package: "FamilyCodes"),
                .product(name: "FamilyCodesCommands", package: "FamilyCodes"),
                .product(name: "Circles", package: "Circles"),
                .product(name: "CirclesSQLite", package: "Circles"),
                .product(name: "CirclesCommands", package: "Circles"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "IdentityHTTP", package: "Identity"),
                .product(name: "PreferencesHTTP", package: "Preferences"),
                .product(name: "FamilyCodesHTTP", package: "FamilyCodes"),
                .product(name: "CirclesHTTP", package: "Circles"),
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
            name: "EndToEndTests", dependencies: ["kith", "kith-server"], path: "Tests/EndToEndTests",
            swiftSettings: swiftSettings),

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
        .testTarget(
            name: "ProfileSessionTests",
            dependencies: [
                .product(name: "ProfileSession", package: "ProfileSession"),
                .product(name: "Identity", package: "Identity"),
            ],
            path: "Packages/ProfileSession/Tests/ProfileSessionTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ProfileSessionCommandsTests",
            dependencies: [
                .product(name: "ProfileSession", package: "ProfileSession"),
                .product(name: "ProfileSessionCommands", package: "ProfileSession"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Console", package: "Console"),
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesCommands", package: "Preferences"),
            ],
            path: "Packages/ProfileSession/Tests/ProfileSessionCommandsTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PreferencesTests",
            dependencies: [
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "Identity", package: "Identity"),
            ],
            path: "Packages/Preferences/Tests/PreferencesTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PreferencesSQLiteTests",
            dependencies: [
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesSQLite", package: "Preferences"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Packages/Preferences/Tests/PreferencesSQLiteTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PreferencesCommandsTests",
            dependencies: [
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesCommands", package: "Preferences"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            path: "Packages/Preferences/Tests/PreferencesCommandsTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FamilyCodesTests",
            dependencies: [
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesTesting", package: "FamilyCodes"),
                .product(name: "Identity", package: "Identity"),
            ],
            path: "Packages/FamilyCodes/Tests/FamilyCodesTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FamilyCodesSQLiteTests",
            dependencies: [
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesSQLite", package: "FamilyCodes"),
                .product(name: "FamilyCodesTesting", package: "FamilyCodes"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Packages/FamilyCodes/Tests/FamilyCodesSQLiteTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FamilyCodesCommandsTests",
            dependencies: [
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesCommands", package: "FamilyCodes"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            path: "Packages/FamilyCodes/Tests/FamilyCodesCommandsTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityHTTPTests",
            dependencies: [
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityHTTP", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            path: "Packages/Identity/Tests/IdentityHTTPTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PreferencesHTTPTests",
            dependencies: [
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesHTTP", package: "Preferences"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            path: "Packages/Preferences/Tests/PreferencesHTTPTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FamilyCodesHTTPTests",
            dependencies: [
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesHTTP", package: "FamilyCodes"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            path: "Packages/FamilyCodes/Tests/FamilyCodesHTTPTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NetworkingTests",
            dependencies: [.product(name: "Networking", package: "Networking")],
            path: "Packages/Networking/Tests/NetworkingTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CirclesTests",
            dependencies: [
                .product(name: "Circles", package: "Circles"),
                .product(name: "Identity", package: "Identity"),
            ],
            path: "Packages/Circles/Tests/CirclesTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CirclesSQLiteTests",
            dependencies: [
                .product(name: "Circles", package: "Circles"),
                .product(name: "CirclesSQLite", package: "Circles"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Packages/Circles/Tests/CirclesSQLiteTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CirclesCommandsTests",
            dependencies: [
                .product(name: "Circles", package: "Circles"),
                .product(name: "CirclesCommands", package: "Circles"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            path: "Packages/Circles/Tests/CirclesCommandsTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CirclesHTTPTests",
            dependencies: [
                .product(name: "Circles", package: "Circles"),
                .product(name: "CirclesHTTP", package: "Circles"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            path: "Packages/Circles/Tests/CirclesHTTPTests",
            swiftSettings: swiftSettings
        ),
        // MARK: - The server
        .target(
            name: "KithServer",
            dependencies: [
                "KithSchema",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQLite", package: "Identity"),
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesSQLite", package: "Preferences"),
                .product(name: "ProfileSession", package: "ProfileSession"),
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesSQLite", package: "FamilyCodes"),
                .product(name: "Circles", package: "Circles"),
                .product(name: "CirclesSQLite", package: "Circles"),
            ],
            path: "Apps/server/Sources/KithServer",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "kith-server", dependencies: ["KithServer"], path: "Apps/server/Sources/kith-server",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ServerTests",
            dependencies: ["KithServer", .product(name: "HummingbirdTesting", package: "hummingbird")],
            path: "Tests/ServerTests",
            swiftSettings: swiftSettings
        ),
    ]
)
