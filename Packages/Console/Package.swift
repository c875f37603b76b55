// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Console",
    platforms: [.macOS(.v15)],
    products: [.library(name: "Console", targets: ["Console"])],
    targets: [
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .target(name: "Console", dependencies: ["CEditLine"], swiftSettings: swiftSettings),
        .testTarget(name: "ConsoleTests", dependencies: ["Console"], swiftSettings: swiftSettings),
    ]
)
