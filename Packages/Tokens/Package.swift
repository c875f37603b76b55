// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

let package = Package(
    name: "Tokens",
    platforms: [.macOS(.v15)],
    products: [
        "Tokens", "TokensSQL", "TokensWire", "TokensTesting", "TokensCommands", "TokensHTTP", "TokensFeature",
        "TokensCLI",
        "TokensServer",
    ].map {
        .library(name: $0, targets: [$0])
    },
    dependencies: [
        .package(path: "../Identity"),
        .package(path: "../Storage"),
        .package(path: "../Circles"),
        // The acting rule every `X-Acting-As-Member` request passes (`ProfileSessionManager.actingAs`).
        .package(path: "../ProfileSession"),
        // `TokensHTTP`'s client; in tests, `PythonTools`, which runs the outside checks (PyJWT, jwcrypto).
        .package(path: "../Networking"),
        .package(path: "../Console"),
        // The apps as libraries: this feature's values for them (`TokensFeature`, `TokensCLI`, `TokensServer`).
        .package(path: "../Apps"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-crypto", "4.1.0"..<"6.0.0"),
    ],
    targets: [
        // Registered apps, signing keys and their rotation, the tokens (RFC 9068, ES256 through jwt-kit),
        // introspection and the access check. No SQL, no HTTP.
        .target(
            name: "Tokens",
            dependencies: from("Identity", "Households", "Accounts", "TwoStep", "Kernel") + from("Circles", "Circles")
                + from("ProfileSession", "ProfileSession") + from("jwt-kit", "JWTKit") + from("swift-crypto", "Crypto"),
            swiftSettings: swiftSettings),
        // The store on SQL, one for both engines.
        .target(
            name: "TokensSQL",
            dependencies: ["Tokens"] + from("Identity", "Households", "IdentitySQL")
                + from("Circles", "Circles", "CirclesSQL")
                + from("Storage", "Storage"),
            swiftSettings: swiftSettings),
        // The HTTP contract: bodies and error codes. Foundation and the domain only.
        .target(
            name: "TokensWire", dependencies: ["Tokens"] + from("Identity", "Accounts", "Kernel"),
            swiftSettings: swiftSettings),
        // `token AUDIENCE`, over any `TokenIssuer`.
        .target(
            name: "TokensCommands",
            dependencies: ["Tokens", "TokensWire"] + from("Identity", "Accounts")
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        // `TokenIssuer` over a kith-server (`--remote`).
        .target(
            name: "TokensHTTP",
            dependencies: ["Tokens", "TokensWire"] + from("Identity", "Accounts", "IdentityHTTP")
                + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        // The store contract, run over memory, SQLite and PostgreSQL.
        .target(
            name: "TokensTesting",
            dependencies: ["Tokens", "TokensSQL"]
                + from(
                    "Identity", "IdentityMemory", "Accounts", "Mail", "TwoStep", "Kernel", "Argon2", "Identity",
                    "IdentitySQL")
                + from("Circles", "Circles", "CirclesSQL") + from("Storage", "Storage", "StorageTesting")
                + from("jwt-kit", "JWTKit"),
            swiftSettings: swiftSettings),
        // Tokens as a value of the apps: its migrations and local rules (`Feature`), and its routes and OpenAPI part
        // (`ServerFeature`).
        .target(
            name: "TokensFeature",
            dependencies: ["Tokens", "TokensSQL"] + from("Identity", "IdentitySQL")
                + from("Circles", "Circles")
                + from("Apps", "KithComposition"),
            swiftSettings: swiftSettings),
        .target(
            name: "TokensCLI",
            dependencies: ["Tokens", "TokensFeature", "TokensCommands", "TokensHTTP"]
                + from("Apps", "KithComposition", "KithCLI"),
            swiftSettings: swiftSettings),
        .target(
            name: "TokensServer",
            dependencies: ["Tokens", "TokensFeature", "TokensWire"]
                + from("Apps", "KithComposition", "KithServer") + from("hummingbird", "Hummingbird"),
            resources: [.copy("Resources/openapi.json")], swiftSettings: swiftSettings),
        .testTarget(
            name: "TokensTests",
            dependencies: ["Tokens", "TokensWire", "TokensTesting"] + from("Identity", "Accounts")
                + from("Storage", "StorageTesting") + from("Networking", "NetworkingTesting"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TokensCommandsTests",
            dependencies: ["TokensCommands", "Tokens", "TokensWire", "TokensTesting"]
                + from("Identity", "Accounts", "Kernel", "IdentityTesting", "IdentityWire")
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TokensSQLTests",
            dependencies: ["TokensSQL", "Tokens", "TokensWire", "TokensTesting"]
                + from(
                    "Storage", "SQLiteStorage", "PostgresStorage", "PostgresStorageTesting", "Storage", "StorageTesting"
                )
                + from("Identity", "Argon2", "IdentitySQL") + from("Circles", "Circles", "CirclesSQL"),
            swiftSettings: swiftSettings),
    ]
)
