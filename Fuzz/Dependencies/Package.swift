// swift-tools-version: 6.1
import PackageDescription

// The third-party products that the Kith modules under fuzz import, as a package of their own, so that `Tools/fuzz`
// has SwiftPM build exactly their closure (with the fuzzer's sanitizers) and links all of it. Not part of the root
// package, nor of CI's build.
let package = Package(
    name: "FuzzDependencies",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-crypto", "4.1.0"..<"6.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "FuzzDependencies",
            dependencies: [
                .product(name: "JWTKit", package: "jwt-kit"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        )
    ]
)
