/// One cell of the access matrix: what a circle's viewers get of a field.
public enum Access: String, Sendable, Codable, CaseIterable, Hashable {
    case allow
    case deny
    case ask

    /// `access cycle`: allow → deny → ask → allow.
    public var next: Access {
        switch self {
        case .allow: .deny
        case .deny: .ask
        case .ask: .allow
        }
    }

    /// ✓ ✗ ? as the matrix grid draws them.
    public var symbol: String {
        switch self {
        case .allow: "✓"
        case .deny: "✗"
        case .ask: "?"
        }
    }
}
