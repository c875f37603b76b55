// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

let package = Package(
    name: "Identity",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Identity", targets: ["Identity"]),
        .library(name: "Kernel", targets: ["Kernel"]),
        .library(name: "WebAuthn", targets: ["WebAuthn"]),
        .library(name: "Accounts", targets: ["Accounts"]),
        .library(name: "Households", targets: ["Households"]),
        .library(name: "Device", targets: ["Device"]),
        .library(name: "TwoStep", targets: ["TwoStep"]),
        .library(name: "Passkeys", targets: ["Passkeys"]),
        .library(name: "Mail", targets: ["Mail"]),
        .library(name: "Argon2", targets: ["Argon2"]),
        .library(name: "IdentitySQL", targets: ["IdentitySQL"]),
        // Identity's store in memory, for tests and previews; other features' in-memory stores are built over it.
        .library(name: "IdentityMemory", targets: ["IdentityMemory"]),
        .library(name: "IdentityCommands", targets: ["IdentityCommands"]),
        .library(name: "IdentityWire", targets: ["IdentityWire"]),
        .library(name: "IdentityHTTP", targets: ["IdentityHTTP"]),
        .library(name: "IdentityMail", targets: ["IdentityMail"]),
        .library(name: "IdentityOIDC", targets: ["IdentityOIDC"]),
        .library(name: "IdentityBrowser", targets: ["IdentityBrowser"]),
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
        .target(name: "Kernel", dependencies: from("swift-crypto", "Crypto"), swiftSettings: swiftSettings),
        // WebAuthn's relying-party checks as pure functions (CBOR, COSE keys, authenticator data, the ceremony, the
        // PublicKeyCredential JSON and options): a leaf that knows nothing of accounts, so it can be read, tested and
        // replaced alone.
        .target(
            name: "WebAuthn", dependencies: ["Kernel"] + from("swift-crypto", "Crypto", "CryptoExtras"),
            swiftSettings: swiftSettings),
        // Identity's parts below the composition, each over accounts and sessions, with its values, records, part of the
        // store transaction and service protocol: two-step sign-in (TOTP, recovery codes, the sealing of secrets at
        // rest)...
        .target(
            name: "TwoStep", dependencies: ["Kernel", "Accounts"] + from("swift-crypto", "Crypto"),
            swiftSettings: swiftSettings),
        // ...passkeys' records over the WebAuthn leaf...
        .target(name: "Passkeys", dependencies: ["Kernel", "WebAuthn", "Accounts"], swiftSettings: swiftSettings),
        // ...and mail: the messages, the outbox, its retry schedule and its sender (delivery itself is IdentityMail's).
        .target(name: "Mail", dependencies: ["Kernel"], swiftSettings: swiftSettings),
        // Accounts and sessions, the part every other builds on: accounts, their emails, passwords, linked identities
        // and sessions, the principal a call is made as, the sign-in limits, and every refusal's sentence
        // (`IdentityError`). Its codes go out by mail, so it sees the mail part. The common-password list is a
        // resource (read by `CommonPasswords`), with its source and licence at its head.
        .target(
            name: "Accounts", dependencies: ["Kernel", "Mail"], resources: [.copy("Resources/common-passwords.txt")],
            swiftSettings: swiftSettings),
        // Households, with their managed members, guardians, exit PINs, claim codes, acting records and approvals.
        .target(name: "Households", dependencies: ["Kernel", "Accounts"], swiftSettings: swiftSettings),
        // This device: its saved accounts and the account switcher, the exit lock, and `ThisDevice`, which signs in
        // through the accounts service's `DeviceSessions` and keeps its own store.
        .target(
            name: "Device", dependencies: ["Kernel", "WebAuthn", "Accounts", "Households"], swiftSettings: swiftSettings
        ),
        // The composition: `LocalIdentityService` over every part's store, and the rules that span parts (sign-in
        // with its second step, households and acting, leaving, this device).
        .target(
            name: "Identity",
            dependencies: ["Device", "Households", "Kernel", "WebAuthn", "Accounts", "TwoStep", "Passkeys", "Mail"]
                + from("swift-crypto", "Crypto"),
            swiftSettings: swiftSettings),
        // Argon2id password hashing over libargon2: a leaf, so the domain links no C library; the apps' composition
        // gives it to the services as their `PasswordHasher`.
        .target(
            name: "Argon2", dependencies: ["Accounts", "Kernel", "Identity", "CArgon2"], swiftSettings: swiftSettings),
        .target(
            name: "IdentityMemory",
            dependencies: ["Kernel", "Accounts", "Households", "TwoStep", "Passkeys", "Mail", "Identity"],
            swiftSettings: swiftSettings),
        // The one SQL store, on SQLite (a device's file) and on PostgreSQL (servers), over Storage's seam.
        .target(
            name: "IdentitySQL",
            dependencies: ["Device", "Households", "Accounts", "Mail", "Passkeys", "TwoStep", "Kernel", "Identity"]
                + from("Storage", "Storage"),
            swiftSettings: swiftSettings),
        .target(
            name: "IdentityCommands",
            dependencies: [
                "Device", "Households", "Accounts", "Passkeys", "TwoStep", "Kernel", "WebAuthn", "Identity",
                "IdentityWire",
            ]
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        // The HTTP contract: request and response bodies, routes and error codes, for the server and clients.
        .target(
            name: "IdentityWire",
            dependencies: ["Households", "Accounts", "Passkeys", "TwoStep", "WebAuthn", "Identity", "Kernel"],
            swiftSettings: swiftSettings),
        .target(
            name: "IdentityHTTP",
            dependencies: [
                "Device", "Households", "Accounts", "Passkeys", "TwoStep", "Kernel", "WebAuthn", "Identity",
                "IdentityWire",
            ]
                + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        // Delivery of the outbox's messages: SMTP through Networking's libcurl, or a Maildir.
        .target(
            name: "IdentityMail", dependencies: ["Mail", "Identity"] + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        // ID tokens of Google and Apple verified (jwt-kit), their keys found and cached over HTTP: a leaf module.
        .target(
            name: "IdentityOIDC",
            dependencies: ["Accounts", "Kernel", "Identity", "IdentityBrowser"] + from("Networking", "Networking")
                + from("jwt-kit", "JWTKit")
                + from("swift-log", "Logging") + from("swift-crypto", "Crypto"), swiftSettings: swiftSettings),
        // The person's browser for a command line: opening a URL, and a loopback page on localhost that runs WebAuthn
        // for passkeys.
        .target(
            name: "IdentityBrowser", dependencies: ["Passkeys", "Kernel", "WebAuthn", "Identity"],
            swiftSettings: swiftSettings),
        .target(
            name: "IdentityOIDCTesting",
            dependencies: ["Accounts", "Kernel", "Identity", "IdentityOIDC"] + from("Networking", "Networking")
                + from("jwt-kit", "JWTKit")
                + from("swift-crypto", "Crypto", "CryptoExtras"), swiftSettings: swiftSettings),
        // Store-agnostic: every case runs over whatever stores a test target builds.
        .target(
            name: "IdentityTesting",
            dependencies: [
                "Device", "Households", "Accounts", "Mail", "Passkeys", "TwoStep", "Kernel", "WebAuthn", "Identity",
                "Argon2",
            ]
                + from("Storage", "StorageTesting") + from("swift-crypto", "Crypto"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "IdentityTests",
            dependencies: [
                "Device", "Households", "IdentityMemory",
                "Accounts", "Mail", "TwoStep", "Kernel", "WebAuthn", "Identity", "Argon2", "IdentityTesting",
            ]
                + from("Storage", "StorageTesting")
                + from("Networking", "NetworkingTesting"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "IdentityOIDCTests",
            dependencies: ["Accounts", "Kernel", "IdentityOIDC", "IdentityOIDCTesting", "Identity"]
                + from("Networking", "Networking")
                + from("jwt-kit", "JWTKit") + from("swift-log", "Logging"), swiftSettings: swiftSettings),
        .testTarget(
            name: "IdentityBrowserTests",
            dependencies: ["Accounts", "Kernel", "WebAuthn", "IdentityBrowser", "Identity"]
                + from("Networking", "Networking", "NetworkingTesting"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "IdentitySQLTests",
            dependencies: [
                "Device", "Households", "IdentityMemory", "Accounts", "Kernel", "IdentitySQL", "Identity", "Argon2",
                "IdentityTesting",
            ]
                + from(
                    "Storage", "SQLiteStorage", "Storage", "StorageTesting", "PostgresStorage", "PostgresStorageTesting"
                ) + from("GRDB.swift", "GRDB"), swiftSettings: swiftSettings),
        .testTarget(
            name: "IdentityCommandsTests",
            dependencies: [
                "Device", "Households", "IdentityMemory",
                "Accounts",
                "Kernel", "WebAuthn", "IdentityCommands", "Identity", "IdentityWire", "Argon2", "IdentityTesting",
            ]
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "IdentityMailTests",
            dependencies: ["Mail", "IdentityMail", "Identity"] + from("Networking", "Networking", "NetworkingTesting"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "IdentityHTTPTests",
            dependencies: ["Device", "Households", "Accounts", "Kernel", "IdentityHTTP", "IdentityWire", "Identity"]
                + from("Networking", "Networking", "NetworkingTesting"), swiftSettings: swiftSettings),
    ]
)
