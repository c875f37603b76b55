// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Networking",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        // A scripted HTTPClient for the tests of the feature packages' HTTP modules, and a real SMTP server
        // (Tools/smtp-test-server.py) for the mail tests.
        .library(name: "NetworkingTesting", targets: ["NetworkingTesting"]),
    ],
    targets: [
        // libcurl's headers (libcurl4-openssl-dev), and wrappers that load libcurl on first use (see shim.h).
        .target(name: "CCurl"),
        .target(name: "Networking", dependencies: ["CCurl"], swiftSettings: swiftSettings),
        .target(name: "NetworkingTesting", dependencies: ["Networking"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NetworkingTests", dependencies: ["Networking", "NetworkingTesting"], swiftSettings: swiftSettings),
    ]
)
