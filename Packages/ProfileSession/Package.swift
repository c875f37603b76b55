// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "ProfileSession",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ProfileSession", targets: ["ProfileSession"]),
        .library(name: "ProfileSessionCommands", targets: ["ProfileSessionCommands"]),
        .library(name: "ProfileSessionWire", targets: ["ProfileSessionWire"]),
    ],
    dependencies: [
        .package(path: "../Identity"),
        .package(path: "../Console"),
        // Tests only: the transcript of a whole flow sets a managed member's preferences while acting.
        .package(path: "../Preferences"),
    ],
    targets: [
        .target(
            name: "ProfileSession",
            dependencies: [.product(name: "Identity", package: "Identity")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ProfileSessionCommands",
            dependencies: [
                "ProfileSession",
                "ProfileSessionWire",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityWire", package: "Identity"),
                // `switch` takes the exit PIN the way Identity's commands take passwords.
                .product(name: "IdentityCommands", package: "Identity"),
                .product(name: "Console", package: "Console"),
            ],
            swiftSettings: swiftSettings
        ),
        // The HTTP contract of the profile switcher: `/api/profiles` and its body. Foundation and the domain only.
        .target(
            name: "ProfileSessionWire",
            dependencies: [
                "ProfileSession",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityWire", package: "Identity"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ProfileSessionTests",
            dependencies: [
                .product(name: "Argon2", package: "Identity"), "ProfileSession",
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentityTesting", package: "Identity"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ProfileSessionCommandsTests",
            dependencies: [
                .product(name: "IdentityWire", package: "Identity"),
                .product(name: "Argon2", package: "Identity"),
                "ProfileSessionCommands", "ProfileSession",
                .product(name: "Identity", package: "Identity"),
                .product(name: "Console", package: "Console"),
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesCommands", package: "Preferences"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
