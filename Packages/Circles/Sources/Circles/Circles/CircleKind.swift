/// Where a circle comes from, which decides what may be done to it.
public enum CircleKind: String, Sendable, Codable, CaseIterable, Hashable {
    /// `Contacts` and `Public`: always there, no manual members, never renamed or deleted.
    case mandatory
    /// `Family`, `Friends`, `Colleagues`: membership editable, never renamed or deleted.
    case prepopulated
    /// Made by the owner: renamed, edited, deleted and merged freely.
    case custom
}

/// The five circles every owner has, created on first use.
public enum BuiltInCircle: String, Sendable, Codable, CaseIterable, Hashable {
    case contacts
    case `public`
    case family
    case friends
    case colleagues

    /// The circle's name as shown.
    public var name: String {
        switch self {
        case .contacts: "Contacts"
        case .public: "Public"
        case .family: "Family"
        case .friends: "Friends"
        case .colleagues: "Colleagues"
        }
    }

    public var kind: CircleKind {
        switch self {
        case .contacts, .public: .mandatory
        case .family, .friends, .colleagues: .prepopulated
        }
    }

    public var emoji: String {
        switch self {
        case .contacts: "👥"
        case .public: "🌐"
        case .family: "🏠"
        case .friends: "🤝"
        case .colleagues: "💼"
        }
    }

    public var color: CircleColor {
        switch self {
        case .contacts: .gray
        case .public: .blue
        case .family: .red
        case .friends: .orange
        case .colleagues: .indigo
        }
    }

    /// In the order Circles Home lists them: mandatory (Contacts, Public), then prepopulated.
    public static let creationOrder: [BuiltInCircle] = [.contacts, .public, .family, .friends, .colleagues]
}

/// The palette a circle's colour comes from.
public enum CircleColor: String, Sendable, Codable, CaseIterable, Hashable {
    case red, orange, yellow, green, teal, blue, indigo, purple, pink, gray
}
