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
    ("Apps", ["KithComposition", "KithCLI", "KithServer"], ["AppsTests"]),
    feature(
        "Identity", ["Browser", "Commands", "HTTP", "Mail", "Memory", "OIDC", "OIDCTesting", "SQL", "Testing", "Wire"],
        tests: ["", "Browser", "Commands", "HTTP", "Mail", "OIDC", "SQL"],
        leaves: ["Argon2", "Kernel", "WebAuthn", "Accounts", "Households", "Device", "TwoStep", "Passkeys", "Mail"]),
    feature("ProfileSession", ["Commands", "Wire"], tests: ["", "Commands"]),
    feature("Preferences", ["Commands", "HTTP", "SQL", "Testing", "Wire", "Feature", "CLI", "Server"]),
    feature("FamilyCodes", ["Commands", "HTTP", "SQL", "Testing", "Wire", "Feature", "CLI", "Server"]),
    ("Networking", ["Networking", "NetworkingTesting"], ["NetworkingTests"]),
    feature("Circles", ["Commands", "HTTP", "SQL", "Testing", "Wire", "Feature", "CLI", "Server"]),
    feature(
        "Tokens", ["Commands", "HTTP", "SQL", "Testing", "Wire", "Feature", "CLI", "Server"],
        tests: ["", "Commands", "SQL"]),
    feature("Events", ["Commands", "HTTP", "SQL", "Testing", "Wire", "Feature", "CLI", "Server"], tests: ["", "SQL"]),
]

/// A feature package as ARCHITECTURE.md lays it out: the domain module `name` and `name` + each suffix; a test
/// folder `name` + suffix + `Tests` for the domain and each of `tests` (by default the commands, HTTP and SQL); and
/// `leaves`, libraries named for what they are rather than for the feature (Identity's `Argon2`, `Kernel` and its
/// parts).
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

/// Every package's libraries that plug a feature into one app, by the suffix ARCHITECTURE.md gives them (`CLI` for the
/// REPL app, `Server` for the server app): what that app's list of features (KithProducts, KithServerProducts)
/// may name. With `KithComposition`, the values' common part. A feature added to `packageLayout` is found here too,
/// so adding one to Kith is its package, its line in `packageLayout`, and one line in each app's list.
func appLibraries(_ suffix: String) -> [Target.Dependency] {
    [.product(name: "KithComposition", package: "Apps")]
        + packageLayout.flatMap { layout in
            layout.libraries.filter { $0.hasSuffix(suffix) }.map { .product(name: $0, package: layout.package) }
        }
}

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
    ],
    dependencies: packageLayout.map { .package(path: "Packages/\($0.package)") } + [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/vapor/jwt-kit", exact: "5.8.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
    ],
    targets: [
        // MARK: - Apps: kith's and kith-server's lists of features, and their mains
        // kith's own list of features and products, beside its main so tests run the same app.
        .target(
            name: "KithProducts",
            dependencies: appLibraries("CLI"),
            path: "Apps/cli/Sources/KithProducts", swiftSettings: swiftSettings),
        .executableTarget(
            name: "kith", dependencies: [.product(name: "KithCLI", package: "Apps"), "KithProducts"],
            path: "Apps/cli/Sources/kith",
            swiftSettings: swiftSettings),

        // MARK: - Cross-package tests
        .testTarget(
            name: "KithCLITests",
            dependencies: [
                "KithProducts", .product(name: "StorageTesting", package: "Storage"),
            ] + everyLibrary,
            path: "Tests/KithCLITests", swiftSettings: swiftSettings),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "kith", "kith-server", "kith-fake-oidc",
                .product(name: "PostgresStorageTesting", package: "Storage"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "Networking", package: "Networking"),
            ],
            path: "Tests/EndToEndTests",
            swiftSettings: swiftSettings),

        // MARK: - Each package's tests (see `packageTestTargets`), so one `swift test` here runs them all in one build
    ] + packageTestTargets() + [
        // MARK: - The server
        // kith-server's own list of features, beside its main so tests serve the same features.
        .target(
            name: "KithServerProducts",
            dependencies: appLibraries("Server"),
            path: "Apps/server/Sources/KithServerProducts", swiftSettings: swiftSettings),
        .executableTarget(
            name: "kith-server", dependencies: [.product(name: "KithServer", package: "Apps"), "KithServerProducts"],
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
                "KithServerProducts", .product(name: "HummingbirdTesting", package: "hummingbird"),
            ] + everyLibrary,
            path: "Tests/ServerTests",
            swiftSettings: swiftSettings
        ),
    ]
)
