/// A feature package that can be plugged into an app.
public enum Feature: String, CaseIterable, Sendable {
    case identity
    case profileSession
    case preferences
    case familyCodes
    case circles
}

/// A product: the features it offers, as CLI.md lists them. Every product opens every file with every
/// feature's migrations, so the same database works whichever product opens it.
public struct Product: Equatable, Sendable {
    public let name: String
    public let features: [Feature]

    public static let all = Product(name: "all", features: Feature.allCases)
    public static let movienight = Product(name: "movienight", features: [.identity, .profileSession, .preferences])
    public static let compass = Product(name: "compass", features: [.identity, .familyCodes, .preferences])
    public static let rin = Product(name: "rin", features: [.identity, .circles, .preferences])

    public static let known: [Product] = [.all, .movienight, .compass, .rin]

    public static func named(_ name: String) -> Product? {
        known.first { $0.name == name.lowercased() }
    }
}
