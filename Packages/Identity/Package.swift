// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Identity",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Identity", targets: ["Identity"]),
        .library(name: "Kernel", targets: ["Kernel"]),
        .library(name: "Argon2", targets: ["Argon2"]),
        .library(name: "IdentitySQL", targets: ["IdentitySQL"]),
        .library(name: "IdentityCommands", targets: ["IdentityCommands"]),
        .library(name: "IdentityWire", targets: ["IdentityWire"]),
        .library(name: "IdentityHTTP", targets: ["IdentityHTTP"]),
        .library(name: "IdentityOIDC", targets: ["IdentityOIDC"]),
        // A fake OpenID Connect provider (discovery, JWKS, authorization, token) for tests on loopback.
        .library(name: "IdentityOIDCTesting", targets: ["IdentityOIDCTesting"]),
        // The store contract suites and their doubles, run by the domain's tests (in memory) and the SQLite tests.
        .library(name: "IdentityTesting", targets: ["IdentityTesting"]),
    ],
    dependencies: [
        .package(path: "../Storage"),
        .package(path: "../Console"),
        .package(path: "../Networking"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // jwt-kit's own cryptography; the domain uses its SHA-256 for token digests.
        .package(url: "https://github.com/apple/swift-crypto", "4.1.0"..<"6.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CArgon2",
            pkgConfig: "libargon2",
            providers: [.apt(["libargon2-dev"])]
        ),
        // What every feature shares, Identity or not: clocks, randomness, token digests, the rate limiter, the LRU,
        // durability, names and references. No C library.
        .target(
            name: "Kernel",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .target(name: "Identity", dependencies: ["Kernel"], swiftSettings: swiftSettings),
        // Argon2id password hashing over libargon2: a leaf, so the domain links no C library; the apps' composition
        // gives it to the services as their `PasswordHasher`.
        .target(name: "Argon2", dependencies: ["Identity", "CArgon2"], swiftSettings: swiftSettings),
        // The one SQL store, on SQLite (a device's file) and on PostgreSQL (servers), over Storage's seam.
        .target(
            name: "IdentitySQL",
            dependencies: ["Identity", .product(name: "Storage", package: "Storage")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "IdentityCommands",
            dependencies: ["Identity", "IdentityWire", .product(name: "Console", package: "Console")],
            swiftSettings: swiftSettings
        ),
        // The HTTP contract: request and response bodies, routes and error codes, for the server and clients.
        .target(name: "IdentityWire", dependencies: ["Identity"], swiftSettings: swiftSettings),
        .target(
            name: "IdentityHTTP",
            dependencies: ["Identity", "IdentityWire", .product(name: "Networking", package: "Networking")],
            swiftSettings: swiftSettings
        ),
        // ID tokens of Google and Apple verified (jwt-kit), their keys found and cached over HTTP: a leaf module.
        .target(
            name: "IdentityOIDC",
            dependencies: [
                "Identity", .product(name: "Networking", package: "Networking"),
                .product(name: "JWTKit", package: "jwt-kit"), .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "IdentityOIDCTesting",
            dependencies: [
                "Identity", "IdentityOIDC", .product(name: "Networking", package: "Networking"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // Store-agnostic: every case runs over whatever stores a test target builds.
        .target(
            name: "IdentityTesting",
            dependencies: ["Identity", "Argon2", .product(name: "StorageTesting", package: "Storage")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityTests",
            dependencies: [
                "Identity", "Argon2", "IdentityTesting", .product(name: "StorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityOIDCTests",
            dependencies: [
                "IdentityOIDC", "IdentityOIDCTesting", "Identity", .product(name: "Networking", package: "Networking"),
                .product(name: "JWTKit", package: "jwt-kit"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentitySQLTests",
            dependencies: [
                .product(name: "SQLiteStorage", package: "Storage"),
                "IdentitySQL", "Identity", "Argon2", "IdentityTesting", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "PostgresStorage", package: "Storage"),
                .product(name: "PostgresStorageTesting", package: "Storage"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityCommandsTests",
            dependencies: [
                "IdentityCommands", "Identity", "Argon2",
                .product(name: "Console", package: "Console"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityHTTPTests",
            dependencies: [
                "IdentityHTTP", "IdentityWire", "Identity", .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTesting", package: "Networking"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
