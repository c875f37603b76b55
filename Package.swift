// swift-tools-version: 6.1
import PackageDescription

/// Every target of the monorepo uses these; each package under Packages/ repeats them in its own manifest.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// Each package under Packages/ (its own manifest, README and tests): its Swift libraries and its test folders.
///
/// Named here rather than read from the disk: SwiftPM caches an evaluated manifest by its text, so a manifest that
/// listed folders would go stale when one is added. `Tools/test` fails when a folder is missing from this table.
let packageLayout: [(package: String, libraries: [String], tests: [String])] = [
    (
        "Storage", ["Storage", "SQLiteStorage", "PostgresStorage", "StorageTesting", "PostgresStorageTesting"],
        ["StorageTests", "PostgresStorageTests"]
    ),
    ("Console", ["Console"], ["ConsoleTests"]),
    feature(
        "Identity", ["Browser", "Commands", "HTTP", "Mail", "OIDC", "OIDCTesting", "SQL", "Testing", "Wire"],
        tests: ["", "Browser", "Commands", "HTTP", "Mail", "OIDC", "SQL"], leaves: ["Argon2", "Kernel"]),
    feature("ProfileSession", ["Commands", "Wire"], tests: ["", "Commands"]),
    feature("Preferences", ["Commands", "HTTP", "SQL", "Testing", "Wire"]),
    feature("FamilyCodes", ["Commands", "HTTP", "SQL", "Testing", "Wire"]),
    ("Networking", ["Networking", "NetworkingTesting"], ["NetworkingTests"]),
    feature("Circles", ["Commands", "HTTP", "SQL", "Testing", "Wire"]),
    feature("Tokens", ["SQL", "Testing", "Wire"], tests: ["", "SQL"]),
]

/// A feature package as ARCHITECTURE.md lays it out: the domain module `name` and `name` + each suffix; a test
/// folder `name` + suffix + `Tests` for the domain and each of `tests` (by default the commands, HTTP and SQL); and
/// `leaves`, libraries named for what they are rather than for the feature (Identity's `Argon2` and `Kernel`).
func feature(
    _ name: String, _ suffixes: [String], tests: [String] = ["", "Commands", "HTTP", "SQL"], leaves: [String] = []
) -> (package: String, libraries: [String], tests: [String]) {
    (name, [name] + suffixes.map { name + $0 } + leaves, tests.map { name + $0 + "Tests" })
}

/// Every Swift library of every package (the C modules are only reached through them), plus GRDB, which store
/// tests use.
let everyLibrary: [Target.Dependency] =
    packageLayout.flatMap { layout in
        layout.libraries.map { Target.Dependency.product(name: $0, package: layout.package) }
    } + [.product(name: "GRDB", package: "GRDB.swift")]

/// One root test target per test folder of every package (Packages/X/Tests/Y), each depending on every library.
///
/// Generated, not copied: a package's own manifest says what each of its test targets needs (CI runs every
/// package alone, so a missing dependency there fails), and the root only gathers them into one build.
func packageTestTargets() -> [Target] {
    packageLayout.flatMap { layout in
        layout.tests.map { folder in
            .testTarget(
                name: folder, dependencies: everyLibrary, path: "Packages/\(layout.package)/Tests/\(folder)",
                swiftSettings: swiftSettings)
        }
    }
}

let package = Package(
    name: "Kith",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kith", targets: ["kith"]),
        .executable(name: "kith-server", targets: ["kith-server"]),
        // The apps as libraries, for products built on Kith (Examples/movienight): features as values, and the REPL
        // and server apps over any list of them.
        .library(name: "KithComposition", targets: ["KithComposition"]),
        .library(name: "KithCLI", targets: ["KithCLI"]),
        .library(name: "KithServer", targets: ["KithServer"]),
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
        .package(path: "Packages/Tokens"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/vapor/jwt-kit", exact: "5.8.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
    ],
    targets: [
        // MARK: - Apps
        .target(
            name: "KithComposition",
            dependencies: [
                .product(name: "SQLiteStorage", package: "Storage"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Argon2", package: "Identity"),
                .product(name: "IdentityMail", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "Circles", package: "Circles"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "PreferencesSQL", package: "Preferences"),
                .product(name: "FamilyCodesSQL", package: "FamilyCodes"),
                .product(name: "CirclesSQL", package: "Circles"),
                .product(name: "CirclesWire", package: "Circles"),
                .product(name: "IdentityWire", package: "Identity"),
            ],
            path: "Apps/shared/Sources/KithComposition",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "KithCLI",
            dependencies: [
                .product(name: "SQLiteStorage", package: "Storage"),
                "KithComposition",
                .product(name: "Storage", package: "Storage"),
                .product(name: "Console", package: "Console"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "Argon2", package: "Identity"),
                .product(name: "IdentityCommands", package: "Identity"),
                .product(name: "IdentityWire", package: "Identity"),
                .product(name: "IdentityOIDC", package: "Identity"),
                .product(name: "IdentityBrowser", package: "Identity"),
                .product(name: "ProfileSession", package: "ProfileSession"),
                .product(name: "ProfileSessionCommands", package: "ProfileSession"),
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesSQL", package: "Preferences"),
                .product(name: "PreferencesCommands", package: "Preferences"),
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesSQL", package: "FamilyCodes"),
                .product(name: "FamilyCodesCommands", package: "FamilyCodes"),
                .product(name: "Circles", package: "Circles"),
                .product(name: "CirclesSQL", package: "Circles"),
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
        // kith's own list of features and products, beside its main so tests run the same app.
        .target(
            name: "KithProducts", dependencies: ["KithCLI", "KithComposition"], path: "Apps/cli/Sources/KithProducts",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "kith", dependencies: ["KithCLI", "KithProducts"], path: "Apps/cli/Sources/kith",
            swiftSettings: swiftSettings),

        // MARK: - Cross-package tests
        .testTarget(
            name: "KithCLITests",
            dependencies: [
                "KithCLI", "KithProducts", "KithComposition", .product(name: "StorageTesting", package: "Storage"),
            ],
            path: "Tests/KithCLITests", swiftSettings: swiftSettings),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "kith", "kith-server", "kith-fake-oidc",
                .product(name: "PostgresStorageTesting", package: "Storage"),
                .product(name: "Networking", package: "Networking"),
            ],
            path: "Tests/EndToEndTests",
            swiftSettings: swiftSettings),

        // MARK: - Each package's tests (see `packageTestTargets`), so one `swift test` here runs them all in one build
    ] + packageTestTargets() + [
        // MARK: - The server
        .target(
            name: "KithServer",
            dependencies: [
                .product(name: "SQLiteStorage", package: "Storage"),
                "KithComposition",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Storage", package: "Storage"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "IdentitySQL", package: "Identity"),
                .product(name: "Preferences", package: "Preferences"),
                .product(name: "PreferencesSQL", package: "Preferences"),
                .product(name: "ProfileSession", package: "ProfileSession"),
                .product(name: "FamilyCodes", package: "FamilyCodes"),
                .product(name: "FamilyCodesSQL", package: "FamilyCodes"),
                .product(name: "Circles", package: "Circles"),
                .product(name: "CirclesSQL", package: "Circles"),
                .product(name: "IdentityWire", package: "Identity"),
                .product(name: "PreferencesWire", package: "Preferences"),
                .product(name: "FamilyCodesWire", package: "FamilyCodes"),
                .product(name: "CirclesWire", package: "Circles"),
                .product(name: "PostgresStorage", package: "Storage"),
                .product(name: "ProfileSessionWire", package: "ProfileSession"),
                .product(name: "IdentityOIDC", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
            ],
            path: "Apps/server/Sources/KithServer",
            // The server's own part of the HTTP contract and each of Kith's features' (one file each), assembled into
            // the document /openapi.json serves.
            resources: [.copy("Resources/openapi")],
            swiftSettings: swiftSettings
        ),
        // kith-server's own list of features, beside its main so tests serve the same features.
        .target(
            name: "KithServerProducts", dependencies: ["KithServer", "KithComposition"],
            path: "Apps/server/Sources/KithServerProducts", swiftSettings: swiftSettings),
        .executableTarget(
            name: "kith-server", dependencies: ["KithServer", "KithServerProducts"],
            path: "Apps/server/Sources/kith-server", swiftSettings: swiftSettings),
        // The fake OpenID provider served on loopback, for the end-to-end tests of Google and Apple sign-in.
        .executableTarget(
            name: "kith-fake-oidc",
            dependencies: [
                .product(name: "IdentityOIDCTesting", package: "Identity"),
                .product(name: "Identity", package: "Identity"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // Pins jwt-kit for the whole build (the root names every dependency's exact version).
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            path: "Tests/kith-fake-oidc", swiftSettings: swiftSettings),
        .testTarget(
            name: "ServerTests",
            // The HTTP clients and Wire modules too: the clients are tested against the real router in-process.
            dependencies: [
                "KithServer", "KithServerProducts", "KithComposition",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ] + everyLibrary,
            path: "Tests/ServerTests",
            swiftSettings: swiftSettings
        ),
    ]
)
