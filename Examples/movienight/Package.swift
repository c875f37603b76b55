// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The products named `modules` of the dependency `package` (each module is its own product).
func from(_ package: String, _ modules: String...) -> [Target.Dependency] {
    modules.map { .product(name: $0, package: package) }
}

/// Movie night: a product outside Kith's packages, built on them by path. Its own feature is `Votes` (seed 000's
/// voting and rating rows), laid out as every Kith feature is: the domain, its SQL store, its commands, its wire
/// contract, its HTTP client and its store contract.
let package = Package(
    name: "movienight",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "movienight", targets: ["movienight"]),
        .executable(name: "movienight-server", targets: ["movienight-server"]),
    ]
        + ["Votes", "VotesSQL", "VotesCommands", "VotesWire", "VotesHTTP", "VotesTesting"].map {
            .library(name: $0, targets: [$0])
        },
    dependencies: [
        // Kith's apps as libraries (KithCLI, KithServer) and features as values (KithComposition), and the values of
        // the Kith features movie night uses.
        .package(path: "../../Packages/Apps"),
        .package(path: "../../Packages/FamilyCodes"),
        .package(path: "../../Packages/Identity"),
        .package(path: "../../Packages/Preferences"),
        .package(path: "../../Packages/Storage"),
        .package(path: "../../Packages/Console"),
        .package(path: "../../Packages/Networking"),
    ],
    targets: [
        .target(
            name: "Votes",
            dependencies: from("Identity", "Households", "IdentityMemory", "Accounts", "Kernel", "Identity"),
            swiftSettings: swiftSettings),
        // The store on SQL: the product's SQLite file, or PostgreSQL for its server at scale.
        .target(
            name: "VotesSQL",
            dependencies: ["Votes"] + from("Identity", "Households", "Identity", "IdentitySQL")
                + from("Storage", "Storage"),
            swiftSettings: swiftSettings),
        .target(
            name: "VotesCommands",
            dependencies: ["Votes", "VotesWire"] + from("Identity", "Accounts")
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        .target(
            name: "VotesWire",
            dependencies: ["Votes"] + from("Identity", "Accounts", "Kernel", "IdentityWire"),
            swiftSettings: swiftSettings),
        .target(
            name: "VotesHTTP",
            dependencies: ["Votes", "VotesWire"]
                + from("Identity", "Accounts", "IdentityWire", "IdentityHTTP")
                + from("Networking", "Networking"),
            swiftSettings: swiftSettings),
        // Movie night's composition: its features as values (Votes, and its theme rule swapped in for Kith's
        // preferences service), the REPL app and the server app over them, and their mains.
        .target(
            name: "MovieNightFeatures",
            dependencies: ["Votes", "VotesSQL"] + from("Apps", "KithComposition")
                + from("Identity", "Accounts", "IdentitySQL") + from("Preferences", "Preferences"),
            swiftSettings: swiftSettings),
        .target(
            name: "MovieNightCLI",
            dependencies: ["MovieNightFeatures", "Votes", "VotesCommands", "VotesHTTP"]
                + from("Apps", "KithCLI", "KithComposition") + from("Preferences", "Preferences", "PreferencesCLI")
                + from("FamilyCodes", "FamilyCodesCLI"),
            swiftSettings: swiftSettings),
        .target(
            name: "MovieNightServer",
            dependencies: ["MovieNightFeatures", "Votes", "VotesWire"]
                + from("Apps", "KithServer", "KithComposition") + from("Preferences", "PreferencesServer")
                + from("FamilyCodes", "FamilyCodesServer"),
            resources: [.copy("Resources/votes.json")], swiftSettings: swiftSettings),
        .executableTarget(name: "movienight", dependencies: ["MovieNightCLI"] + from("Apps", "KithCLI")),
        .executableTarget(
            name: "movienight-server", dependencies: ["MovieNightServer"] + from("Apps", "KithServer")),
        // The store contract (its cases and their environment), run by every test target that owns a store.
        .target(
            name: "VotesTesting",
            dependencies: ["Votes"]
                + from("Identity", "Households", "Accounts", "Kernel", "Argon2", "Identity", "IdentityTesting")
                + from("Storage", "StorageTesting"),
            swiftSettings: swiftSettings),
        // The built movienight and movienight-server, end to end (a script on a file, the same through HTTP).
        .testTarget(
            name: "MovieNightTests", dependencies: ["movienight", "movienight-server"], swiftSettings: swiftSettings),
        .testTarget(
            name: "VotesTests",
            dependencies: ["Votes", "VotesTesting"]
                + from("Identity", "Accounts", "Households", "IdentityMemory")
                + from("Storage", "StorageTesting"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "VotesSQLTests",
            dependencies: ["VotesSQL", "Votes", "VotesTesting"]
                + from(
                    "Storage", "SQLiteStorage", "PostgresStorage", "PostgresStorageTesting", "Storage", "StorageTesting"
                )
                + from("Identity", "Accounts", "Kernel", "Argon2", "Identity", "IdentitySQL"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "VotesCommandsTests",
            dependencies: ["VotesCommands", "Votes"]
                + from(
                    "Identity", "Households", "IdentityMemory", "Accounts", "Kernel", "Argon2", "Identity",
                    "IdentityTesting", "IdentityWire")
                + from("Console", "Console"),
            swiftSettings: swiftSettings),
        .testTarget(
            name: "VotesHTTPTests",
            dependencies: ["VotesHTTP", "VotesWire", "Votes"] + from("Identity", "Accounts", "IdentityWire")
                + from("Networking", "Networking", "NetworkingTesting"), swiftSettings: swiftSettings),
    ]
)
