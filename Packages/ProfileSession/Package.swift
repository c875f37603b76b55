// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

let package = Package(
    name: "ProfileSession",
    platforms: [.macOS(.v15)],
    products: ["ProfileSession", "ProfileSessionCommands", "ProfileSessionWire"].map {
        .library(name: $0, targets: [$0])
    },
    dependencies: [
        .package(path: "../Identity"),
        .package(path: "../Console"),
        // Tests only: the transcript of a whole flow sets a managed member's preferences while acting.
        .package(path: "../Preferences"),
    ],
    targets: [
        .target(
            name: "ProfileSession", dependencies: from("Identity", "Device", "Households", "Accounts"),
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ProfileSessionCommands",
            dependencies: ["ProfileSession", "ProfileSessionWire"]
                + from("Identity", "Households", "Accounts", "IdentityWire", "IdentityCommands")
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        // The HTTP contract of the profile switcher: `/api/profiles` and its body. Foundation and the domain only.
        .target(
            name: "ProfileSessionWire",
            dependencies: ["ProfileSession"] + from("Identity", "Kernel", "IdentityWire"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProfileSessionTests",
            dependencies: ["ProfileSession"]
                + from(
                    "Identity", "Device", "Households", "IdentityMemory", "Accounts", "Kernel", "Argon2", "Identity",
                    "IdentityTesting"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProfileSessionCommandsTests",
            dependencies: ["ProfileSessionCommands", "ProfileSession"]
                + from(
                    "Identity", "Device", "Households", "IdentityMemory", "Accounts", "Kernel", "IdentityWire",
                    "Argon2", "Identity")
                + from("Console", "Console")
                + from("Preferences", "Preferences", "PreferencesCommands"), swiftSettings: swiftSettings),
    ]
)
